<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AlignmentView</name>
    <message>
        <location filename="../app/services/AlignmentQueries.cpp" line="+30" />
        <source>Run #%1 is not a cross-lingual selection run with a stored alignment sample (run it again to get one).</source>
        <translation>Lauf #%1 ist kein sprachübergreifender Auswahllauf mit gespeicherter Ausrichtungsstichprobe (führen Sie ihn erneut aus, um eine zu erhalten).</translation>
    </message>
    <message>
        <location line="+32" />
        <source>Run #%1: %2 held-out translation pairs, one PCA per panel. Mean cosine of a sentence and its translation: %3 before, %4 after the adaptive layer (Vu et al. 2021, Figs. 3-4).</source>
        <translation>Lauf #%1: %2 zurückgehaltene Übersetzungspaare, eine PCA pro Feld. Mittlerer Kosinus eines Satzes und seiner Übersetzung: %3 vor, %4 nach der adaptiven Schicht (Vu et al. 2021, Abb. 3-4).</translation>
    </message>
    <message>
        <location filename="../widgets/plots/AlignmentView.cpp" line="+30" />
        <source>Show a cross-lingual selection run to see its alignment.</source>
        <translation>Zeigen Sie einen sprachübergreifenden Auswahllauf, um seine Ausrichtung zu sehen.</translation>
    </message>
    <message>
        <location line="+2" />
        <location line="+112" />
        <source>Hover a point to join it to its translation.</source>
        <translation>Fahren Sie über einen Punkt, um ihn mit seiner Übersetzung zu verbinden.</translation>
    </message>
    <message>
        <location line="-109" />
        <source>Before the adaptive layer</source>
        <translation>Vor der adaptiven Schicht</translation>
    </message>
    <message>
        <location line="+1" />
        <source>After the adaptive layer</source>
        <translation>Nach der adaptiven Schicht</translation>
    </message>
    <message>
        <location line="+24" />
        <source>PC1</source>
        <translation>PC1</translation>
    </message>
    <message>
        <location line="+1" />
        <source>PC2</source>
        <translation>PC2</translation>
    </message>
    <message>
        <location line="+39" />
        <source>Language A</source>
        <translation>Sprache A</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Language B</source>
        <translation>Sprache B</translation>
    </message>
</context>
<context>
    <name>BoundaryModel</name>
    <message>
        <location filename="../widgets/models/BoundaryModel.cpp" line="+32" />
        <source>removed</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <location line="+0" />
        <source>kept</source>
        <translation>behalten</translation>
    </message>
    <message>
        <location line="+19" />
        <source>At this threshold</source>
        <translation>Bei dieser Schwelle</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sentence</source>
        <translation>Satz</translation>
    </message>
</context>
<context>
    <name>BulkActions</name>
    <message>
        <location filename="../app/panels/BulkActions.cpp" line="+22" />
        <source>Include and Exclude are decisions on a selection run: open one on the Selection tab first.</source>
        <translation>Aufnehmen und Ausschließen sind Entscheidungen in einem Auswahllauf: öffnen Sie zuerst einen im Reiter Auswahl.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Tag…</source>
        <translation>Markieren…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Give these sentences a tag (Edit &gt; Undo takes it back).</source>
        <translation>Diese Sätze mit einem Tag versehen (Bearbeiten &gt; Rückgängig nimmt es zurück).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Untag…</source>
        <translation>Tag entfernen…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Take a tag off these sentences (Edit &gt; Undo puts it back).</source>
        <translation>Ein Tag von diesen Sätzen entfernen (Bearbeiten &gt; Rückgängig stellt es wieder her).</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Include in the selection</source>
        <translation>In die Auswahl aufnehmen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Exclude from the selection</source>
        <translation>Aus der Auswahl ausschließen</translation>
    </message>
    <message>
        <location line="+7" />
        <source>A decision on selection run #%1 for the sentences it ranks (Edit &gt; Undo takes it back).</source>
        <translation>Eine Entscheidung in Auswahllauf #%1 für die Sätze, die er bewertet (Bearbeiten &gt; Rückgängig nimmt sie zurück).</translation>
    </message>
    <message>
        <location line="+24" />
        <location line="+12" />
        <source>Tag sentences</source>
        <translation>Sätze markieren</translation>
    </message>
    <message>
        <location line="-12" />
        <location line="+12" />
        <source>Untag sentences</source>
        <translation>Tag von Sätzen entfernen</translation>
    </message>
    <message>
        <location line="-11" />
        <source>Tag for %1:</source>
        <translation>Tag für %1:</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Tag to take off %1:</source>
        <translation>Tag, das von %1 entfernt wird:</translation>
    </message>
    <message>
        <location line="+19" />
        <source>The tag could not be saved: %1</source>
        <translation>Das Tag konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Tagged %1 “%2”.</source>
        <translation>%1 mit „%2“ markiert.</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Took “%2” off %1.</source>
        <translation>„%2“ von %1 entfernt.</translation>
    </message>
    <message>
        <location line="+5" />
        <location line="+42" />
        <source>Selection</source>
        <translation>Auswahl</translation>
    </message>
    <message numerus="yes">
        <location line="-9" />
        <source>Included %n sentence(s) of %1 in selection run #%2.</source>
        <translation>
            <numerusform>%n Satz von %1 in Auswahllauf #%2 aufgenommen.</numerusform>
            <numerusform>%n Sätze von %1 in Auswahllauf #%2 aufgenommen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1" />
        <source>Excluded %n sentence(s) of %1 from selection run #%2.</source>
        <translation>
            <numerusform>%n Satz von %1 aus Auswahllauf #%2 ausgeschlossen.</numerusform>
            <numerusform>%n Sätze von %1 aus Auswahllauf #%2 ausgeschlossen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5" />
        <source>%n sentence(s) are not in the run's pool and were left alone.</source>
        <translation>
            <numerusform>%n Satz ist nicht im Pool des Laufs und blieb unverändert.</numerusform>
            <numerusform>%n Sätze sind nicht im Pool des Laufs und blieben unverändert.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CentroidCosineModel</name>
    <message>
        <location filename="../widgets/models/CentroidCosineModel.cpp" line="+92" />
        <source>%1 and %2: centroid cosine %3</source>
        <translation>%1 und %2: Zentroid-Kosinus %3</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 and %2: no centroid cosine stored</source>
        <translation>%1 und %2: kein Zentroid-Kosinus gespeichert</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Score (trained on %1, tested on %2): %3</source>
        <translation>Wert (trainiert auf %1, getestet auf %2): %3</translation>
    </message>
</context>
<context>
    <name>CentroidScoreView</name>
    <message>
        <location filename="../widgets/plots/CentroidScoreView.cpp" line="+17" />
        <source>Domain-centroid cosine</source>
        <translation>Kosinus der Domänen-Zentroide</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Score (from the file)</source>
        <translation>Wert (aus der Datei)</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Different domains</source>
        <translation>Verschiedene Domänen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Same domain (trained and tested on one)</source>
        <translation>Gleiche Domäne (auf einer trainiert und getestet)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>centroid-cosine-vs-score</source>
        <translation>zentroid-kosinus-gegen-wert</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Fig. 4: domain-centroid cosine against the scores, one point per (train, test) pair</source>
        <translation>Abb. 4: Kosinus der Domänen-Zentroide gegen die Werte, ein Punkt je Paar (Training, Test)</translation>
    </message>
</context>
<context>
    <name>CleaningPanel</name>
    <message>
        <location filename="../app/panels/CleaningPanel.cpp" line="+58" />
        <location line="+135" />
        <source>No filter run yet: Analysis &gt; Filter Corpus… cleans a corpus.</source>
        <translation>Noch kein Filterlauf: Analyse &gt; Korpus filtern… bereinigt ein Korpus.</translation>
    </message>
    <message>
        <location line="-130" />
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Input</source>
        <translation>Eingang</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Failed</source>
        <translation>Durchgefallen</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Removed</source>
        <translation>Entfernt</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Kept</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Groups</source>
        <translation>Gruppen</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Domain / cluster</source>
        <translation>Domäne / Cluster</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Before</source>
        <translation>Vorher</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <location line="+0" />
        <source>After</source>
        <translation>Nachher</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <location line="+2" />
        <source>past the line</source>
        <translation>jenseits der Linie</translation>
    </message>
    <message>
        <location line="+0" />
        <source>short of the line</source>
        <translation>vor der Linie</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 of %2 removed sentences past the line (%3%)</source>
        <translation>%1 von %2 entfernten Sätzen jenseits der Linie (%3 %)</translation>
    </message>
    <message>
        <location line="+29" />
        <source>All removed</source>
        <translation>Alle entfernten</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tag, untag, include or exclude every sentence this run removed (Edit &gt; Undo takes it back).</source>
        <translation>Jeden Satz, den dieser Lauf entfernt hat, markieren, Tag entfernen, aufnehmen oder ausschließen (Bearbeiten &gt; Rückgängig nimmt es zurück).</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Removed by the rule</source>
        <translation>Von der Regel entfernt</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tag, untag, include or exclude the sentences the rule chosen in the table above removed (Edit &gt; Undo takes it back).</source>
        <translation>Die Sätze, die die oben in der Tabelle gewählte Regel entfernt hat, markieren, Tag entfernen, aufnehmen oder ausschließen (Bearbeiten &gt; Rückgängig nimmt es zurück).</translation>
    </message>
    <message>
        <location line="+160" />
        <source>Percentile %1 of the removed sentences' scores: %2 of %3 would stay removed, %4 would be kept.</source>
        <translation>Perzentil %1 der Scores der entfernten Sätze: %2 von %3 blieben entfernt, %4 würden behalten.</translation>
    </message>
    <message numerus="yes">
        <location line="+93" />
        <source>the %n sentence(s) filter run #%1 removed</source>
        <translation>
            <numerusform>den %n Satz, den Filterlauf #%1 entfernt hat</numerusform>
            <numerusform>die %n Sätze, die Filterlauf #%1 entfernt hat</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7" />
        <source>the %n sentence(s) rule %1 of filter run #%2 removed</source>
        <translation>
            <numerusform>den %n Satz, den Regel %1 von Filterlauf #%2 entfernt hat</numerusform>
            <numerusform>die %n Sätze, die Regel %1 von Filterlauf #%2 entfernt hat</numerusform>
        </translation>
    </message>
    <message>
        <location line="-249" />
        <source>Kept and removed per rule</source>
        <translation>Behalten und entfernt je Regel</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Composition before and after</source>
        <translation>Zusammensetzung vorher und nachher</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Scores of the removed sentences</source>
        <translation>Werte der entfernten Sätze</translation>
    </message>
    <message>
        <location line="+14" />
        <source>A filter run stores a score for its removed sentences only (a kept sentence has none), so the histogram, the percentile and both sides of the line are over the removed sentences: a threshold moved past the run's own shows which of them a stricter setting would keep.</source>
        <translation>Ein Filterlauf speichert nur für die entfernten Sätze einen Score (ein behaltener Satz hat keinen); Histogramm, Perzentil und beide Seiten der Linie beziehen sich daher auf die entfernten Sätze: Eine Schwelle jenseits der des Laufs zeigt, welche davon eine strengere Einstellung behalten würde.</translation>
    </message>
    <message>
        <location line="+10" />
        <source>At the boundary</source>
        <translation>An der Grenze</translation>
    </message>
    <message>
        <location line="+16" />
        <source>Removed sentences (the ledger)</source>
        <translation>Entfernte Sätze (das Protokoll)</translation>
    </message>
    <message>
        <location line="+36" />
        <source>&lt;b&gt;Filter run #%1&lt;/b&gt; (%2) on &lt;b&gt;%3&lt;/b&gt;: %4 sentences, %5 kept, %6 removed (%7 %).</source>
        <translation>&lt;b&gt;Filterlauf #%1&lt;/b&gt; (%2) auf &lt;b&gt;%3&lt;/b&gt;: %4 Sätze, %5 behalten, %6 entfernt (%7 %).</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Parameters: %1</source>
        <translation>Parameter: %1</translation>
    </message>
    <message>
        <location line="+16" />
        <source>This filter's rules have a threshold each (see the rules' counts): no one score.</source>
        <translation>Jede Regel dieses Filters hat ihre eigene Schwelle (siehe die Zahlen je Regel): kein gemeinsamer Wert.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Nothing was removed.</source>
        <translation>Nichts wurde entfernt.</translation>
    </message>
    <message>
        <location line="+28" />
        <source>No one score to set a threshold on.</source>
        <translation>Kein einzelner Score, auf den sich eine Schwelle setzen ließe.</translation>
    </message>
    <message>
        <location line="+28" />
        <source>Cannot read the boundary: %1</source>
        <translation>Die Grenze kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="+15" />
        <source>The ledger could not be read: %1</source>
        <translation>Das Protokoll konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="+35" />
        <source> pp</source>
        <translation> Pp.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>(no domain)</source>
        <translation>(keine Domäne)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Clusters of run #%1</source>
        <translation>Cluster von Lauf #%1</translation>
    </message>
    <message>
        <location line="+12" />
        <source>%1 of %2 removed sentences read; scroll down for more.</source>
        <translation>%1 von %2 entfernten Sätzen gelesen; für mehr nach unten scrollen.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>All %1 removed sentences shown.</source>
        <translation>Alle %1 entfernten Sätze angezeigt.</translation>
    </message>
</context>
<context>
    <name>ClusterDialog</name>
    <message>
        <location filename="../widgets/dialogs/ClusterDialog.cpp" line="+21" />
        <source>Cluster sentences</source>
        <translation>Sätze clustern</translation>
    </message>
    <message>
        <location line="+13" />
        <source>Sweep k and plot BIC/AIC instead</source>
        <translation>Stattdessen k durchlaufen und BIC/AIC zeichnen</translation>
    </message>
    <message>
        <location line="+20" />
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location line="+4" />
        <source>all rows</source>
        <translation>alle Zeilen</translation>
    </message>
    <message>
        <location line="+1" />
        <source> rows</source>
        <translation> Zeilen</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Auto (the model's)</source>
        <translation>Automatisch (die des Modells)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Full</source>
        <translation>Voll</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Diagonal</source>
        <translation>Diagonal</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Spherical</source>
        <translation>Sphärisch</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tied</source>
        <translation>Gemeinsam</translation>
    </message>
    <message>
        <location line="+14" />
        <source>as encoded</source>
        <translation>wie kodiert</translation>
    </message>
    <message>
        <location line="+3" />
        <source>L2-normalise each vector</source>
        <translation>Jeden Vektor L2-normalisieren</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Standardise each dimension</source>
        <translation>Jede Dimension standardisieren</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Whiten the PCA components</source>
        <translation>PCA-Komponenten weißen (Whitening)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Sweep the encoded layers instead (purity/NMI, silhouette)</source>
        <translation>Stattdessen die kodierten Schichten durchlaufen (Reinheit/NMI, Silhouette)</translation>
    </message>
    <message>
        <location line="+10" />
        <source>&amp;Corpus:</source>
        <translation>&amp;Korpus:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Filter run:</source>
        <translation>&amp;Filterlauf:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Clusters (k):</source>
        <translation>&amp;Cluster (k):</translation>
    </message>
    <message>
        <location line="+2" />
        <source>k range:</source>
        <translation>k-Bereich:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;PCA dimensions:</source>
        <translation>&amp;PCA-Dimensionen:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>PCA fitted on at &amp;most:</source>
        <translation>PCA angepasst auf &amp;höchstens:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Co&amp;variance:</source>
        <translation>Ko&amp;varianz:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Seeds:</source>
        <translation>&amp;Startwerte:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Restarts per seed:</source>
        <translation>&amp;Neustarts pro Seed:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Diagonal loa&amp;d (reg. covar):</source>
        <translation>Diagonal&amp;zuschlag (reg. covar):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Max. EM iterations:</source>
        <translation>&amp;Max. EM-Iterationen:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Layers:</source>
        <translation>Sch&amp;ichten:</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Cluster</source>
        <translation>Clustern</translation>
    </message>
</context>
<context>
    <name>ClusterExplorer</name>
    <message>
        <location filename="../app/panels/ClusterExplorer.cpp" line="+31" />
        <source>No clustering run yet: use Analysis → Cluster…</source>
        <translation>Noch kein Clustering-Lauf: Analyse → Clustern…</translation>
    </message>
    <message>
        <location line="+5" />
        <source>True domain</source>
        <translation>Wahre Domäne</translation>
    </message>
    <message>
        <location line="+1" />
        <source>GMM cluster</source>
        <translation>GMM-Cluster</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Colour the map by a category or by any per-sentence value of the corpus's runs.</source>
        <translation>Die Karte nach einer Kategorie oder einem beliebigen Satzwert der Läufe des Korpus einfärben.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Component ellipses (1σ, 2σ)</source>
        <translation>Komponenten-Ellipsen (1σ, 2σ)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Cluster names…</source>
        <translation>Clusternamen…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The most distinctive words of each cluster (c-TF-IDF); give clusters your own names.</source>
        <translation>Die markantesten Wörter jedes Clusters (c-TF-IDF); geben Sie Clustern eigene Namen.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Colour by:</source>
        <translation>Färben nach:</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Run this filter and store its run (Cleaning tab).</source>
        <translation>Diesen Filter ausführen und seinen Lauf speichern (Reiter Bereinigung).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Forget the preview; nothing was stored.</source>
        <translation>Die Vorschau verwerfen; es wurde nichts gespeichert.</translation>
    </message>
    <message>
        <location line="+17" />
        <source>This corpus has no domain labels: purity and the confusion matrix need them.</source>
        <translation>Dieses Korpus hat keine Domänenlabels: Reinheit und Konfusionsmatrix brauchen sie.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Sentences inside the rectangle or lasso selection of the scatter plot.</source>
        <translation>Sätze innerhalb der Rechteck- oder Lasso-Auswahl im Streudiagramm.</translation>
    </message>
    <message>
        <location line="+16" />
        <source>Picked sentences</source>
        <translation>Gewählte Sätze</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tag, untag, include or exclude the sentences picked with the rectangle or lasso (Edit &gt; Undo takes it back).</source>
        <translation>Die mit Rechteck oder Lasso gewählten Sätze markieren, Tag entfernen, aufnehmen oder ausschließen (Bearbeiten &gt; Rückgängig nimmt es zurück).</translation>
    </message>
    <message>
        <location line="+10" />
        <source>A GMM cluster of the map, for the bulk actions beside it.</source>
        <translation>Ein GMM-Cluster der Karte, für die Sammelaktionen daneben.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tag, untag, include or exclude every sentence of the chosen cluster (Edit &gt; Undo takes it back).</source>
        <translation>Jeden Satz des gewählten Clusters markieren, Tag entfernen, aufnehmen oder ausschließen (Bearbeiten &gt; Rückgängig nimmt es zurück).</translation>
    </message>
    <message>
        <location line="+96" />
        <source>Run %1 cannot be shown: %2</source>
        <translation>Lauf %1 kann nicht angezeigt werden: %2</translation>
    </message>
    <message>
        <location line="+165" />
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <location line="+9" />
        <source>%n sentence(s) picked on the map</source>
        <translation>
            <numerusform>%n auf der Karte gewählten Satz</numerusform>
            <numerusform>%n auf der Karte gewählte Sätze</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+10" />
        <source>cluster %1 (%n sentence(s))</source>
        <translation>
            <numerusform>Cluster %1 (%n Satz)</numerusform>
            <numerusform>Cluster %1 (%n Sätze)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+14" />
        <source>Preview: removed (1) or kept (0)</source>
        <translation>Vorschau: entfernt (1) oder behalten (0)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&lt;b&gt;Preview&lt;/b&gt; (not stored) of %1 on %2: %3 of %4 sentences would be removed (%5); %6 of them on this map.</source>
        <translation>&lt;b&gt;Vorschau&lt;/b&gt; (nicht gespeichert) von %1 auf %2: %3 von %4 Sätzen würden entfernt (%5); %6 davon auf dieser Karte.</translation>
    </message>
    <message>
        <location line="-292" />
        <source>Selected in the plot:</source>
        <translation>Im Diagramm ausgewählt:</translation>
    </message>
    <message>
        <location line="+62" />
        <source>%1 — preparing the map…</source>
        <translation>%1 — Karte wird vorbereitet…</translation>
    </message>
    <message>
        <location line="+96" />
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <location line="+18" />
        <location line="+124" />
        <source>Cannot read the values: %1</source>
        <translation>Die Werte können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="-68" />
        <source>Reading %1 sentences…</source>
        <translation>%1 Sätze werden gelesen…</translation>
    </message>
    <message>
        <location line="+7" />
        <source>… and %1 more</source>
        <translation>… und %1 weitere</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Cannot read the sentences: %1</source>
        <translation>Die Sätze können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location filename="../app/panels/ClusterExplorerNames.cpp" line="+37" />
        <source>Cannot read the cluster names: %1</source>
        <translation>Die Clusternamen können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="+53" />
        <source>The cluster names were NOT saved: %1</source>
        <translation>Die Clusternamen wurden NICHT gespeichert: %1</translation>
    </message>
</context>
<context>
    <name>ClusterNamesDialog</name>
    <message>
        <location filename="../widgets/dialogs/ClusterNamesDialog.cpp" line="+11" />
        <source>Cluster names</source>
        <translation>Clusternamen</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Cluster</source>
        <translation>Clustern</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Most distinctive words (c-TF-IDF)</source>
        <translation>Markanteste Wörter (c-TF-IDF)</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+16" />
        <source>Type a name to use it on the map and in the confusion matrix; leave it empty to show the words.</source>
        <translation>Geben Sie einen Namen ein, um ihn auf der Karte und in der Konfusionsmatrix zu verwenden; leer lassen, um die Wörter zu zeigen.</translation>
    </message>
</context>
<context>
    <name>ConfusionMatrixModel</name>
    <message>
        <location filename="../widgets/models/ConfusionMatrixModel.cpp" line="+66" />
        <source>%1 sentences of %2 are in %3 (%4 of the domain, %5 of the cluster)</source>
        <translation>%1 Sätze aus %2 liegen in %3 (%4 der Domäne, %5 des Clusters)</translation>
    </message>
    <message>
        <location line="+30" />
        <source>%1
%2 sentences</source>
        <translation>%1
%2 Sätze</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1: %2 sentences</source>
        <translation>%1: %2 Sätze</translation>
    </message>
</context>
<context>
    <name>ConfusionMatrixView</name>
    <message>
        <location filename="../widgets/plots/ConfusionMatrixView.cpp" line="+36" />
        <source>Rows: true domains. Columns: clusters. Click a cell to browse its sentences.</source>
        <translation>Zeilen: wahre Domänen. Spalten: Cluster. Klicken Sie auf eine Zelle, um ihre Sätze zu sehen.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>&lt;b&gt;True domain × cluster&lt;/b&gt;</source>
        <translation>&lt;b&gt;Wahre Domäne × Cluster&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Cell: sentences (share of the domain's row). Bold: where most of the domain went.</source>
        <translation>Zelle: Sätze (Anteil an der Zeile der Domäne). Fett: wohin der Großteil der Domäne ging.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Save image…</source>
        <translation>Bild speichern…</translation>
    </message>
    <message>
        <location line="+3" />
        <location line="+5" />
        <source>confusion</source>
        <translation>Konfusion</translation>
    </message>
    <message>
        <location line="-3" />
        <source>Export CSV…</source>
        <translation>CSV exportieren…</translation>
    </message>
</context>
<context>
    <name>CorpusOverlapModel</name>
    <message>
        <location filename="../widgets/models/CorpusOverlapModel.cpp" line="+19" />
        <source>No corpus yet: File &gt; Import Corpus… adds one. Overlap is counted between two corpora.</source>
        <translation>Noch kein Korpus: Datei &gt; Korpus importieren… fügt eines hinzu. Überschneidungen werden zwischen zwei Korpora gezählt.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>This project has a single corpus, so there is no pair to compare. Import another one (a dev or test set with the role dev or test, or a second training corpus) to see which sentences they share.</source>
        <translation>Dieses Projekt hat nur ein Korpus, es gibt also kein Paar zum Vergleichen. Importieren Sie ein weiteres (einen Dev- oder Testsatz mit der Rolle dev oder test, oder ein zweites Trainingskorpus), um zu sehen, welche Sätze sie gemeinsam haben.</translation>
    </message>
    <message>
        <location line="+38" />
        <source>train vs dev/test: overlap</source>
        <translation>Training vs. Dev/Test: Überschneidung</translation>
    </message>
    <message>
        <location line="+0" />
        <source>train vs dev/test: clean</source>
        <translation>Training vs. Dev/Test: sauber</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Corpus A</source>
        <translation>Korpus A</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Corpus B</source>
        <translation>Korpus B</translation>
    </message>
    <message>
        <location line="+1" />
        <source>A in B</source>
        <translation>A in B</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Share of A</source>
        <translation>Anteil von A</translation>
    </message>
    <message>
        <location line="+1" />
        <source>B in A</source>
        <translation>B in A</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Share of B</source>
        <translation>Anteil von B</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Shared texts</source>
        <translation>Gemeinsame Texte</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Hygiene</source>
        <translation>Datenhygiene</translation>
    </message>
</context>
<context>
    <name>CorpusTreeModel</name>
    <message>
        <location filename="../widgets/models/CorpusTreeModel.cpp" line="+49" />
        <source>(unlabelled)</source>
        <translation>(ohne Label)</translation>
    </message>
    <message>
        <location line="+16" />
        <source>not encoded</source>
        <translation>nicht kodiert</translation>
    </message>
    <message>
        <location line="+2" />
        <source>encoded</source>
        <translation>kodiert</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1% encoded</source>
        <translation>%1 % kodiert</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Corpus / domain</source>
        <translation>Korpus / Domäne</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sentences</source>
        <translation>Sätze</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Languages</source>
        <translation>Sprachen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Embeddings</source>
        <translation>Einbettungen</translation>
    </message>
</context>
<context>
    <name>DisplayText</name>
    <message>
        <location filename="../widgets/models/DisplayText.cpp" line="+16" />
        <source>%1
(%2 characters in all)</source>
        <translation>%1
(insgesamt %2 Zeichen)</translation>
    </message>
</context>
<context>
    <name>DomainLensError</name>
    <message>
        <location filename="../app/services/ErrorText.cpp" line="+11" />
        <source>Cancelled by the user.</source>
        <translation>Vom Benutzer abgebrochen.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Out of memory; the unfinished step changed nothing.</source>
        <translation>Nicht genügend Arbeitsspeicher; der abgebrochene Schritt hat nichts verändert.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Internal error: %1</source>
        <translation>Interner Fehler: %1</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The project %1 does not exist.</source>
        <translation>Das Projekt %1 existiert nicht.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1 is a folder, not a project file.</source>
        <translation>%1 ist ein Ordner, keine Projektdatei.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The file %1 is not a DomainLens project.</source>
        <translation>Die Datei %1 ist kein DomainLens-Projekt.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The project %1 was written by a newer DomainLens (schema %2; this version reads up to schema %3). Please update DomainLens.</source>
        <translation>Das Projekt %1 wurde von einer neueren DomainLens-Version geschrieben (Schema %2; diese Version liest bis Schema %3). Bitte aktualisieren Sie DomainLens.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>The project %1 is locked by another program; try again when it has finished.</source>
        <translation>Das Projekt %1 ist von einem anderen Programm gesperrt; versuchen Sie es erneut, wenn dieses fertig ist.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>The project %1 is read-only; nothing was changed.</source>
        <translation>Das Projekt %1 ist schreibgeschützt; es wurde nichts geändert.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Disk full while writing %1 (no space left, or the file-size limit reached); nothing was changed.</source>
        <translation>Datenträger voll beim Schreiben von %1 (kein Platz mehr oder Dateigrößen-Limit erreicht); nichts wurde geändert.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Database error in the project %1: %2</source>
        <translation>Datenbankfehler im Projekt %1: %2</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The project %1 uses schema %2 and must be upgraded to schema %3, but the file is read-only. Copy it to a writable folder and open the copy.</source>
        <translation>Das Projekt %1 verwendet Schema %2 und muss auf Schema %3 aktualisiert werden, aber die Datei ist schreibgeschützt. Kopieren Sie sie in einen beschreibbaren Ordner und öffnen Sie die Kopie.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Upgrading the project %1 to schema %2 failed (%3). The project is unchanged; a backup is at %4.</source>
        <translation>Die Aktualisierung des Projekts %1 auf Schema %2 ist fehlgeschlagen (%3). Das Projekt ist unverändert; eine Sicherungskopie liegt unter %4.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>There is no corpus named '%1' (corpora: %2).</source>
        <translation>Es gibt kein Korpus namens „%1“ (Korpora: %2).</translation>
    </message>
    <message>
        <location line="+3" />
        <source>There is no run %1 in the project.</source>
        <translation>Das Projekt enthält keinen Lauf %1.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Unknown selection method '%1'.</source>
        <translation>Unbekannte Auswahlmethode „%1“.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Unknown %1 '%2' (choose %3).</source>
        <translation>Unbekannter Wert „%2“ für %1 (wählen Sie %3).</translation>
    </message>
    <message>
        <location line="+3" />
        <source>%1: invalid UTF-8 at byte %2 (allow replacing invalid bytes to import it anyway).</source>
        <translation>%1: ungültiges UTF-8 bei Byte %2 (erlauben Sie das Ersetzen ungültiger Bytes, um die Datei trotzdem zu importieren).</translation>
    </message>
    <message>
        <location line="+5" />
        <source>The file %1 already exists.</source>
        <translation>Die Datei %1 existiert bereits.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The model of the embedding set (%1) is not where it was encoded (%2); encode the corpus again with it.</source>
        <translation>Das Modell des Embedding-Sets (%1) liegt nicht mehr dort, wo kodiert wurde (%2); kodieren Sie das Korpus erneut damit.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The embedding set does not record its model's content (an old project): encode the corpus again.</source>
        <translation>Das Embedding-Set verzeichnet den Inhalt seines Modells nicht (ein altes Projekt): kodieren Sie das Korpus erneut.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>The model at %1 has changed since the corpus was encoded: its vectors would not be comparable.</source>
        <translation>Das Modell unter %1 hat sich seit der Kodierung des Korpus geändert: seine Vektoren wären nicht vergleichbar.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>The corpus was encoded in %1; this machine computes %2: the vectors would not be comparable.</source>
        <translation>Das Korpus wurde in %1 kodiert; dieser Rechner rechnet in %2: die Vektoren wären nicht vergleichbar.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>The model gives %1-dimensional vectors; the stored ones have %2.</source>
        <translation>Das Modell liefert %1-dimensionale Vektoren; die gespeicherten haben %2.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Run %1 is a %2 run, not a clustering run.</source>
        <translation>Lauf %1 ist ein %2-Lauf, kein Clustering-Lauf.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Nothing of this corpus is encoded with %1 yet: encode it first.</source>
        <translation>Von diesem Korpus ist noch nichts mit %1 kodiert: kodieren Sie es zuerst.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>The project %1 has damaged or missing embedding rows at position %2.</source>
        <translation>Das Projekt %1 hat beschädigte oder fehlende Embedding-Zeilen an Position %2.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>The stored data '%2' of run %1 are damaged.</source>
        <translation>Die gespeicherten Daten '%2' von Lauf %1 sind beschädigt.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Run %1 has no cluster %2.</source>
        <translation>Lauf %1 hat keinen Cluster %2.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Type a sentence or a word to search for.</source>
        <translation>Geben Sie einen Satz oder ein Wort für die Suche ein.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The full-text index is not up to date; it is brought up to date before a search.</source>
        <translation>Der Volltextindex ist nicht aktuell; er wird vor einer Suche aktualisiert.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Clustering run %1 has no stored model (it was made before models were stored with runs): cluster again to place new sentences on its map or apply it.</source>
        <translation>Clustering-Lauf %1 hat kein gespeichertes Modell (er entstand, bevor Modelle mit den Läufen gespeichert wurden): clustern Sie erneut, um neue Sätze auf seiner Karte zu platzieren oder ihn anzuwenden.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Clustering run %1 stores a model written by a newer DomainLens.</source>
        <translation>Clustering-Lauf %1 speichert ein Modell, das von einer neueren DomainLens-Version geschrieben wurde.</translation>
    </message>
</context>
<context>
    <name>EncodeDialog</name>
    <message>
        <location filename="../widgets/dialogs/EncodeDialog.cpp" line="+26" />
        <source>Encode sentences</source>
        <translation>Sätze kodieren</translation>
    </message>
    <message>
        <location line="+65" />
        <source>Automatic (fp32 on the CPU, fp16 on CUDA)</source>
        <translation>Automatisch (fp32 auf der CPU, fp16 mit CUDA)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>fp32</source>
        <translation>fp32</translation>
    </message>
    <message>
        <location line="+1" />
        <source>bf16: faster, cosine 0.9997 to fp32</source>
        <translation>bf16: schneller, Kosinus 0,9997 zu fp32</translation>
    </message>
    <message>
        <location line="+38" />
        <source>%1 dimensions</source>
        <translation>%1 Dimensionen</translation>
    </message>
    <message>
        <location line="+3" />
        <source>about %1</source>
        <translation>etwa %1</translation>
    </message>
    <message>
        <location line="+2" />
        <source>not installed</source>
        <translation>nicht installiert</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1 sentences/s measured (%2)</source>
        <translation>%1 Sätze/s gemessen (%2)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>speed not measured yet</source>
        <translation>Geschwindigkeit noch nicht gemessen</translation>
    </message>
    <message>
        <location line="+2" />
        <source>not supported by this build</source>
        <translation>von diesem Build nicht unterstützt</translation>
    </message>
    <message>
        <location line="+8" />
        <location line="+3" />
        <source>Loading models…</source>
        <translation>Modelle werden geladen…</translation>
    </message>
    <message>
        <location line="+10" />
        <source>%1 (install)</source>
        <translation>%1 (zu installieren)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 (default)</source>
        <translation>%1 (Standard)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 (Hugging Face cache)</source>
        <translation>%1 (Hugging-Face-Cache)</translation>
    </message>
    <message>
        <location line="-136" />
        <source>Folder…</source>
        <translation>Ordner…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Hugging Face model folder</source>
        <translation>Hugging-Face-Modellordner</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Install</source>
        <translation>Installieren</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Cancel install</source>
        <translation>Installation abbrechen</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Source side</source>
        <translation>Quellseite</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Target side</source>
        <translation>Zielseite</translation>
    </message>
    <message>
        <location line="+12" />
        <source>one layer (above)</source>
        <translation>eine Schicht (oben)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>The model's default</source>
        <translation>Standard des Modells</translation>
    </message>
    <message>
        <location line="+1" />
        <source>"query: " (multilingual-e5: clustering, similarity)</source>
        <translation>"query: " (multilingual-e5: Clustering, Ähnlichkeit)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>"passage: " (multilingual-e5: documents to retrieve)</source>
        <translation>"passage: " (multilingual-e5: abzurufende Dokumente)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>None</source>
        <translation>Keiner</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Mean over tokens (paper)</source>
        <translation>Mittelwert über Tokens (Paper)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>[CLS] token</source>
        <translation>[CLS]-Token</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Max over tokens</source>
        <translation>Maximum über Tokens</translation>
    </message>
    <message>
        <location line="+1" />
        <source>L2-normalise the vectors</source>
        <translation>Vektoren L2-normalisieren</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Store as float32 (default float16: half the space)</source>
        <translation>Als float32 speichern (Standard float16: halber Platz)</translation>
    </message>
    <message>
        <location line="+7" />
        <source>int8: dynamic quantisation, CPU only, least exact</source>
        <translation>int8: dynamische Quantisierung, nur CPU, am wenigsten genau</translation>
    </message>
    <message>
        <location line="+4" />
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <location line="+5" />
        <source>&amp;Corpus:</source>
        <translation>&amp;Korpus:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Side:</source>
        <translation>&amp;Seite:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Layer:</source>
        <translation>&amp;Schicht:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Average of layers:</source>
        <translation>&amp;Mittel der Schichten:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>P&amp;rompt:</source>
        <translation>P&amp;rompt:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Pooling:</source>
        <translation>&amp;Pooling:</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Pr&amp;ecision:</source>
        <translation>G&amp;enauigkeit:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Device:</source>
        <translation>Gerät:</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Encode</source>
        <translation>Kodieren</translation>
    </message>
</context>
<context>
    <name>ExploreDialog</name>
    <message>
        <location filename="../widgets/dialogs/ExploreDialog.cpp" line="+16" />
        <source>Explore corpus</source>
        <translation>Korpus erkunden</translation>
    </message>
    <message>
        <location line="+20" />
        <source>The sample is encoded and clustered first and opens as the first map; the rest of the corpus is then encoded and assigned with its model in the background, and the full map opens at the end with how much the clusters moved.</source>
        <translation>Die Stichprobe wird zuerst kodiert und geclustert und öffnet sich als erste Karte; der Rest des Korpus wird danach im Hintergrund kodiert und mit ihrem Modell zugeordnet, und am Ende öffnet sich die vollständige Karte mit der Angabe, wie weit sich die Cluster verschoben haben.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>&amp;Corpus:</source>
        <translation>&amp;Korpus:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sentences in the &amp;first map:</source>
        <translation>Sätze in der &amp;ersten Karte:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sample s&amp;eed:</source>
        <translation>Start&amp;wert der Stichprobe:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sentences per c&amp;hunk:</source>
        <translation>Sätze pro &amp;Abschnitt:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Clusters (k):</source>
        <translation>&amp;Cluster (k):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Precision:</source>
        <translation>&amp;Genauigkeit:</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Explore</source>
        <translation>Erkunden</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../widgets/dialogs/ExportDialog.cpp" line="+24" />
        <source>Export training files</source>
        <translation>Trainingsdateien exportieren</translation>
    </message>
    <message>
        <location line="+4" />
        <source>The selection (latest selection run)</source>
        <translation>Die Auswahl (letzter Auswahllauf)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>One shard per group</source>
        <translation>Eine Teildatei pro Gruppe</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Mixture weights and a sampled training file</source>
        <translation>Mischungsgewichte und eine gezogene Trainingsdatei</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Moses (one file per language)</source>
        <translation>Moses (eine Datei pro Sprache)</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Output prefix</source>
        <translation>Ausgabepräfix</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Include scores</source>
        <translation>Scores mit ausgeben</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Compress (gzip)</source>
        <translation>Komprimieren (gzip)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Corpus order</source>
        <translation>Korpusreihenfolge</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Best-scored first</source>
        <translation>Höchste Bewertung zuerst</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Replace existing files</source>
        <translation>Vorhandene Dateien ersetzen</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Domain label</source>
        <translation>Domänenlabel</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cluster (latest clustering run)</source>
        <translation>Cluster (letzter Clustering-Lauf)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>weights only</source>
        <translation>nur Gewichte</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Reading the corpus's tags and filter runs…</source>
        <translation>Tags und Filterläufe des Korpus werden gelesen…</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Leave out the sentences with a checked tag</source>
        <translation>Sätze mit einem angehakten Tag weglassen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Export only the sentences with a checked tag</source>
        <translation>Nur Sätze mit einem angehakten Tag exportieren</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Keep sentences found in a dev or test corpus</source>
        <translation>Sätze behalten, die in einem Dev- oder Testkorpus vorkommen</translation>
    </message>
    <message>
        <location line="+29" />
        <source>&amp;What:</source>
        <translation>&amp;Was:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Output prefix:</source>
        <translation>&amp;Ausgabepräfix:</translation>
    </message>
    <message>
        <location line="+5" />
        <source>&amp;Order:</source>
        <translation>&amp;Reihenfolge:</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Groups:</source>
        <translation>&amp;Gruppen:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Alpha:</source>
        <translation>&amp;Alpha:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sample &amp;size:</source>
        <translation>Stichproben&amp;größe:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Co&amp;rpus:</source>
        <translation>Ko&amp;rpus:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cleaning</source>
        <translation>Bereinigung</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Tags:</source>
        <translation>&amp;Tags:</translation>
    </message>
    <message>
        <location line="+2" />
        <source>F&amp;ilter run:</source>
        <translation>F&amp;ilterlauf:</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <location line="+34" />
        <source>No run to export yet: the export names its corpus when it runs.</source>
        <translation>Noch kein Lauf zum Exportieren: Der Export nennt sein Korpus, wenn er läuft.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Corpus %1 has no tags and no filter runs.</source>
        <translation>Korpus %1 hat keine Tags und keine Filterläufe.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tags and filter runs of corpus %1:</source>
        <translation>Tags und Filterläufe von Korpus %1:</translation>
    </message>
</context>
<context>
    <name>FilterDialog</name>
    <message>
        <location filename="../widgets/dialogs/FilterDialog.cpp" line="+27" />
        <source>Filter corpus</source>
        <translation>Korpus filtern</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Near-duplicates (MinHash LSH over shingles)</source>
        <translation>Beinahe-Duplikate (MinHash-LSH über Shingles)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Wrong language (fastText language ID per side)</source>
        <translation>Falsche Sprache (fastText-Spracherkennung je Seite)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Bitext noise (length, ratio, alphabet, repetition, copy, numerals)</source>
        <translation>Bitext-Rauschen (Länge, Verhältnis, Alphabet, Wiederholung, Kopie, Ziffern)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Semantic duplicates within clusters (SemDeDup)</source>
        <translation>Semantische Duplikate innerhalb der Cluster (SemDeDup)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Decontamination (repeats of a dev or test corpus)</source>
        <translation>Dekontamination (Wiederholungen eines Dev- oder Testkorpus)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The first in corpus order</source>
        <translation>Das erste in Korpusreihenfolge</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The longest</source>
        <translation>Das längste</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The closest to its cluster's centroid</source>
        <translation>Das dem Clusterzentrum nächste</translation>
    </message>
    <message>
        <location line="+26" />
        <source>&amp;Jaccard threshold:</source>
        <translation>&amp;Jaccard-Schwelle:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>S&amp;hingles:</source>
        <translation>S&amp;hingles:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Permutations:</source>
        <translation>&amp;Permutationen:</translation>
    </message>
    <message>
        <location line="+2" />
        <source>auto</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <location line="+1" />
        <source>LSH &amp;bands:</source>
        <translation>LSH-&amp;Bänder:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Hash s&amp;eed:</source>
        <translation>Hash-S&amp;eed:</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Both sides</source>
        <translation>Beide Seiten</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Either side</source>
        <translation>Eine der Seiten</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The source side alone</source>
        <translation>Nur die Quellseite</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Si&amp;des (parallel corpora):</source>
        <translation>Sei&amp;ten (Parallelkorpora):</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Keep of a group:</source>
        <translation>Behalten aus einer &amp;Gruppe:</translation>
    </message>
    <message>
        <location line="+4" />
        <location line="+3" />
        <source>the corpus's</source>
        <translation>die des Korpus</translation>
    </message>
    <message>
        <location line="-2" />
        <source>E&amp;xpected source language:</source>
        <translation>E&amp;rwartete Quellsprache:</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Expected &amp;target language:</source>
        <translation>Erwartete &amp;Zielsprache:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Minimum probability:</source>
        <translation>&amp;Mindestwahrscheinlichkeit:</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Min words per side:</source>
        <translation>Min. Wörter je Seite:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Max words per side:</source>
        <translation>Max. Wörter je Seite:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Max length ratio (characters):</source>
        <translation>Max. Längenverhältnis (Zeichen):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Max length ratio (words):</source>
        <translation>Max. Längenverhältnis (Wörter):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Min share of letters:</source>
        <translation>Min. Anteil Buchstaben:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Max share of repeated words:</source>
        <translation>Max. Anteil wiederholter Wörter:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Max similarity of the sides:</source>
        <translation>Max. Ähnlichkeit der Seiten:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Min agreement of the numerals:</source>
        <translation>Min. Übereinstimmung der Ziffern:</translation>
    </message>
    <message>
        <location line="+4" />
        <source>the corpus's latest</source>
        <translation>der neueste des Korpus</translation>
    </message>
    <message>
        <location line="+1" />
        <source>C&amp;luster run:</source>
        <translation>C&amp;lusterlauf:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Eps&amp;ilon (cosine ≥ 1 − ε):</source>
        <translation>Eps&amp;ilon (Kosinus ≥ 1 − ε):</translation>
    </message>
    <message>
        <location line="+8" />
        <source>&amp;Corpus:</source>
        <translation>&amp;Korpus:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Filter:</source>
        <translation>&amp;Filter:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The filter is stored as a run: nothing is deleted. Its ledger lists every removed sentence with the rule that removed it; export leaves them out when given the run.</source>
        <translation>Der Filter wird als Lauf gespeichert: Nichts wird gelöscht. Sein Protokoll listet jeden entfernten Satz mit der Regel, die ihn entfernt hat; der Export lässt sie weg, wenn er den Lauf erhält.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Filter</source>
        <translation>Filtern</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Preview</source>
        <translation>Vorschau</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Show on the map what this filter would remove, without storing a run; apply or discard it there.</source>
        <translation>Auf der Karte zeigen, was dieser Filter entfernen würde, ohne einen Lauf zu speichern; dort anwenden oder verwerfen.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Duplicates</source>
        <translation>Duplikate</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Semantic duplicates</source>
        <translation>Semantische Duplikate</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Language ID</source>
        <translation>Spracherkennung</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Bitext noise</source>
        <translation>Bitext-Rauschen</translation>
    </message>
</context>
<context>
    <name>FilterRunBox</name>
    <message>
        <location filename="../widgets/dialogs/CleaningWidgets.cpp" line="+15" />
        <source>No filter run</source>
        <translation>Kein Filterlauf</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Run %1: %2, %3 removed</source>
        <translation>Lauf %1: %2, %3 entfernt</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Run %1: %2 (not finished)</source>
        <translation>Lauf %1: %2 (nicht beendet)</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <location filename="../widgets/dialogs/ImportDialog.cpp" line="+35" />
        <source>Import corpus</source>
        <translation>Korpus importieren</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Plain text (one sentence per line; two files = parallel pair)</source>
        <translation>Klartext (ein Satz pro Zeile; zwei Dateien = paralleles Paar)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>TSV (source, target, domain columns)</source>
        <translation>TSV (Spalten Quelle, Ziel, Domäne)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>JSON Lines (one object per line)</source>
        <translation>JSON Lines (ein Objekt pro Zeile)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Parquet (the column "text")</source>
        <translation>Parquet (die Spalte „text“)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Hugging Face dataset folder (the column "text")</source>
        <translation>Hugging-Face-Datensatzordner (die Spalte „text“)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>medical.en, corpus.tsv, data.jsonl.gz …</source>
        <translation>medical.en, korpus.tsv, daten.jsonl.gz …</translation>
    </message>
    <message>
        <location line="+3" />
        <source>optional: the line-aligned translation (medical.de)</source>
        <translation>optional: die zeilengleiche Übersetzung (medical.de)</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+1" />
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>default: the file name</source>
        <translation>Standard: der Dateiname</translation>
    </message>
    <message>
        <location line="+3" />
        <location line="+3" />
        <source>from the file name</source>
        <translation>aus dem Dateinamen</translation>
    </message>
    <message>
        <location line="+3" />
        <source>src,tgt,domain (default: by column count)</source>
        <translation>src,tgt,domain (Standard: nach Spaltenzahl)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Domain label</source>
        <translation>Domänenlabel</translation>
    </message>
    <message>
        <location line="+1" />
        <source>From the file name (medical.en → medical)</source>
        <translation>Aus dem Dateinamen (medical.en → medical)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>This label:</source>
        <translation>Dieses Label:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>From the domain column / field</source>
        <translation>Aus der Domänenspalte / dem Domänenfeld</translation>
    </message>
    <message>
        <location line="+1" />
        <source>None (unlabelled corpus)</source>
        <translation>Keines (Korpus ohne Labels)</translation>
    </message>
    <message>
        <location line="+13" />
        <source>Replace invalid UTF-8 with U+FFFD instead of stopping</source>
        <translation>Ungültiges UTF-8 durch U+FFFD ersetzen statt abzubrechen</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Keep duplicate sentences (by default a pair is dropped when the same pair, source or target was seen)</source>
        <translation>Doppelte Sätze behalten (standardmäßig wird ein Paar verworfen, wenn dasselbe Paar, dieselbe Quelle oder dasselbe Ziel schon vorkam)</translation>
    </message>
    <message>
        <location line="+11" />
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Source file:</source>
        <translation>&amp;Quelldatei:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Target file:</source>
        <translation>&amp;Zieldatei:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Corpus:</source>
        <translation>&amp;Korpus:</translation>
    </message>
    <message>
        <location line="+5" />
        <source>&amp;Languages:</source>
        <translation>S&amp;prachen:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>TSV co&amp;lumns:</source>
        <translation>TSV-Spa&amp;lten:</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Preview (first lines):</source>
        <translation>Vorschau (erste Zeilen):</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Dataset folder</source>
        <translation>Datensatzordner</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Source file</source>
        <translation>Quelldatei</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Target file</source>
        <translation>Zieldatei</translation>
    </message>
    <message>
        <location line="+18" />
        <source>Corpora (*.* *.gz);;All files (*)</source>
        <translation>Korpora (*.* *.gz);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+34" />
        <source>(Parquet or a dataset folder: no preview)</source>
        <translation>(Parquet oder ein Datensatzordner: keine Vorschau)</translation>
    </message>
    <message>
        <location line="+7" />
        <source>(compressed file: no preview)</source>
        <translation>(komprimierte Datei: keine Vorschau)</translation>
    </message>
    <message>
        <location line="+13" />
        <source>Choose a source file.</source>
        <translation>Wählen Sie eine Quelldatei.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The source file does not exist.</source>
        <translation>Die Quelldatei existiert nicht.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The target file does not exist.</source>
        <translation>Die Zieldatei existiert nicht.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Enter the domain label.</source>
        <translation>Geben Sie das Domänenlabel ein.</translation>
    </message>
</context>
<context>
    <name>JobRunner</name>
    <message>
        <location filename="../app/services/JobRunner.cpp" line="+89" />
        <source>Cancelled before it started.</source>
        <translation>Vor dem Start abgebrochen.</translation>
    </message>
</context>
<context>
    <name>JobsPanel</name>
    <message>
        <location filename="../widgets/jobs/JobsPanel.cpp" line="+15" />
        <location line="+127" />
        <source>No job running</source>
        <translation>Kein Job läuft</translation>
    </message>
    <message>
        <location line="-117" />
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Stop the running job; the project stays as it was before the job.</source>
        <translation>Den laufenden Job anhalten; das Projekt bleibt wie vor dem Job.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Show the log of finished jobs and their messages.</source>
        <translation>Das Protokoll der abgeschlossenen Jobs und ihrer Meldungen anzeigen.</translation>
    </message>
    <message>
        <location line="+47" />
        <source>Queued: %1</source>
        <translation>In der Warteschlange: %1</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Starting…</source>
        <translation>Startet…</translation>
    </message>
    <message>
        <location line="+29" />
        <source> — %1 left</source>
        <translation> — noch %1</translation>
    </message>
    <message>
        <location line="+0" />
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <location line="+0" />
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Queued job</source>
        <translation>Wartender Job</translation>
    </message>
    <message>
        <location line="+3" />
        <source>%1 finished</source>
        <translation>%1 abgeschlossen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 cancelled; the project is unchanged</source>
        <translation>%1 abgebrochen; das Projekt ist unverändert</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Done.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
</context>
<context>
    <name>KeptDroppedModel</name>
    <message>
        <location filename="../widgets/models/KeptDroppedModel.cpp" line="+42" />
        <source>not ranked</source>
        <translation>nicht gerankt</translation>
    </message>
    <message>
        <location line="+7" />
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location line="+14" />
        <location line="+2" />
        <source>Rank in %1</source>
        <translation>Rang in %1</translation>
    </message>
    <message>
        <location line="-2" />
        <source>Rank A</source>
        <translation>Rang A</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+2" />
        <source>Score in %1</source>
        <translation>Score in %1</translation>
    </message>
    <message>
        <location line="-2" />
        <source>Score A</source>
        <translation>Score A</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Rank B</source>
        <translation>Rang B</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Score B</source>
        <translation>Score B</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sentence (kept by A = %1, dropped by B = %2)</source>
        <translation>Satz (behalten von A = %1, verworfen von B = %2)</translation>
    </message>
</context>
<context>
    <name>LambdaAreaView</name>
    <message>
        <location filename="../widgets/plots/LambdaAreaView.cpp" line="+21" />
        <location line="+70" />
        <source>Training step</source>
        <translation>Trainingsschritt</translation>
    </message>
    <message>
        <location line="-69" />
        <source>λ (sampling mixture)</source>
        <translation>λ (Sampling-Mischung)</translation>
    </message>
    <message>
        <location line="+16" />
        <source>lambda</source>
        <translation>lambda</translation>
    </message>
    <message>
        <location line="+15" />
        <source>No λ trajectory.</source>
        <translation>Kein λ-Verlauf.</translation>
    </message>
    <message>
        <location line="+38" />
        <source>MDAC session</source>
        <translation>MDAC-Sitzung</translation>
    </message>
    <message>
        <location line="+6" />
        <source>%1 groups; the legend lists the %2 largest at the end</source>
        <translation>%1 Gruppen; die Legende zeigt die %2 am Ende größten</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="+128" />
        <source>Sentence overlap between corpora (source side, exact text after import normalisation); train vs dev/test overlaps in red:</source>
        <translation>Satzüberschneidung zwischen Korpora (Quellseite, exakter Text nach der Import-Normalisierung); Überschneidungen von Training mit Dev/Test in Rot:</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Corpora</source>
        <translation>Korpora</translation>
    </message>
    <message>
        <location line="+19" />
        <source>Clusters</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Outliers</source>
        <translation>Ausreißer</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Outlier analysis</source>
        <translation>Ausreißeranalyse</translation>
    </message>
    <message>
        <location line="+2" />
        <location line="+106" />
        <source>Selection</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <location line="-104" />
        <source>Cleaning</source>
        <translation>Bereinigung</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Methods</source>
        <translation>Methoden</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Alignment</source>
        <translation>Ausrichtung</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Search</source>
        <translation>Suche</translation>
    </message>
    <message>
        <location line="+2" />
        <source>No k sweep yet: Analysis → Cluster…, "Sweep k and plot BIC/AIC instead".</source>
        <translation>Noch kein k-Durchlauf: Analyse → Clustern…, „Stattdessen k durchlaufen und BIC/AIC zeichnen“.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>k sweep</source>
        <translation>k-Durchlauf</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Encoder layer</source>
        <translation>Encoder-Schicht</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Purity / NMI / silhouette (higher is better)</source>
        <translation>Reinheit / NMI / Silhouette (höher ist besser)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>No layer sweep yet: Analysis → Cluster…, "Sweep the encoded layers instead" (it compares the layers encoded for the corpus: one Encode Sentences… run per layer).</source>
        <translation>Noch kein Schichtdurchlauf: Analyse → Clustern…, „Stattdessen die kodierten Schichten durchlaufen“ (vergleicht die für das Korpus kodierten Schichten: ein Lauf von Sätze kodieren… je Schicht).</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Layer sweep</source>
        <translation>Schichtvergleich</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Mixture</source>
        <translation>Mischung</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Compare two clustering runs</source>
        <translation>Zwei Clustering-Läufe vergleichen</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Precision at cut-off of the selected selection runs</source>
        <translation>Precision am Schnitt für die markierten Auswahlläufe</translation>
    </message>
    <message>
        <location line="+9" />
        <location line="+11" />
        <location line="+10" />
        <source>Precision at cut-off</source>
        <translation>Precision am Schnitt</translation>
    </message>
    <message>
        <location line="-21" />
        <source>Select one or more selection runs in the list (Ctrl+click).</source>
        <translation>Wählen Sie einen oder mehrere Auswahlläufe in der Liste (Strg+Klick).</translation>
    </message>
    <message numerus="yes">
        <location line="+3" />
        <source>Evaluating %n selection run(s)…</source>
        <translation>
            <numerusform>%n Auswahllauf wird ausgewertet…</numerusform>
            <numerusform>%n Auswahlläufe werden ausgewertet…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+28" />
        <source>Name the clusters of run #%1</source>
        <translation>Die Cluster von Lauf #%1 benennen</translation>
    </message>
    <message>
        <location line="+31" />
        <source>A decision could not be saved: %1</source>
        <translation>Eine Entscheidung konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+783" />
        <source>Save table</source>
        <translation>Tabelle speichern</translation>
    </message>
    <message>
        <location line="-776" />
        <source>Job log</source>
        <translation>Job-Protokoll</translation>
    </message>
    <message>
        <location line="+19" />
        <source>No project</source>
        <translation>Kein Projekt</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Compute: CUDA GPU</source>
        <translation>Rechnen: CUDA-GPU</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Compute: CPU</source>
        <translation>Rechnen: CPU</translation>
    </message>
    <message>
        <location line="+7" />
        <source>DomainLens</source>
        <translation>DomainLens</translation>
    </message>
    <message>
        <location line="+10" />
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;New Project…</source>
        <translation>&amp;Neues Projekt…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Open Project…</source>
        <translation>Projekt ö&amp;ffnen…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Import Corpus…</source>
        <translation>Korpus &amp;importieren…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Analysis</source>
        <translation>&amp;Analyse</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Encode Sentences…</source>
        <translation>Sätze &amp;kodieren…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Cluster…</source>
        <translation>&amp;Clustern…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <location line="+1" />
        <source>E&amp;xplore Corpus…</source>
        <translation>Korpus er&amp;kunden…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Select In-Domain Data…</source>
        <translation>Domänendaten &amp;auswählen…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Filter Corpus…</source>
        <translation>Korpus &amp;filtern…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>E&amp;xport Training Files…</source>
        <translation>Trainingsdateien e&amp;xportieren…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Save View As…</source>
        <translation>Ansicht &amp;speichern unter…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>S&amp;hare Map…</source>
        <translation>Karte &amp;teilen…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Save a &amp;Copy As…</source>
        <translation>&amp;Kopie speichern unter…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Mixture</source>
        <translation>&amp;Mischung</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Open &amp;Kit or Training Folder…</source>
        <translation>&amp;Kit- oder Trainingsordner öffnen…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Open a mixture kit or a training folder</source>
        <translation>Mischungs-Kit oder Trainingsordner öffnen</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Open λ &amp;Trajectory…</source>
        <translation>λ-&amp;Verlauf öffnen…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Open a λ trajectory</source>
        <translation>λ-Verlauf öffnen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Trajectories (*.json *.jsonl *.log);;All files (*)</source>
        <translation>Verläufe (*.json *.jsonl *.log);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>&amp;Build Mixture Kit…</source>
        <translation>Mischungs-&amp;Kit erstellen…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>T&amp;arget Mixture…</source>
        <translation>Z&amp;ielmischung…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Schedule…</source>
        <translation>&amp;Zeitplan…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>MDAC &amp;Step…</source>
        <translation>MDAC-&amp;Schritt…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Train on a Kit…</source>
        <translation>Auf einem Kit &amp;trainieren…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <location line="+7" />
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;About DomainLens</source>
        <translation>Ü&amp;ber DomainLens</translation>
    </message>
    <message>
        <location line="+1" />
        <source>About DomainLens</source>
        <translation>Über DomainLens</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&lt;b&gt;DomainLens %1&lt;/b&gt;&lt;p&gt;Find the domains hidden in text corpora and select in-domain training data.&lt;/p&gt;</source>
        <translation>&lt;b&gt;DomainLens %1&lt;/b&gt;&lt;p&gt;Findet die in Textkorpora verborgenen Domänen und wählt domänenspezifische Trainingsdaten aus.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <location line="+16" />
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <location line="+14" />
        <location line="+4" />
        <location line="+5" />
        <source>New project</source>
        <translation>Neues Projekt</translation>
    </message>
    <message>
        <location line="-9" />
        <location line="+376" />
        <source>DomainLens projects (*.dlproj)</source>
        <translation>DomainLens-Projekte (*.dlproj)</translation>
    </message>
    <message>
        <location line="-372" />
        <source>%1 already exists; open it instead or choose another name.</source>
        <translation>%1 existiert bereits; öffnen Sie die Datei oder wählen Sie einen anderen Namen.</translation>
    </message>
    <message>
        <location line="+13" />
        <location line="+9" />
        <source>Open project</source>
        <translation>Projekt öffnen</translation>
    </message>
    <message>
        <location line="-8" />
        <source>DomainLens projects (*.dlproj);;All files (*)</source>
        <translation>DomainLens-Projekte (*.dlproj);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+16" />
        <source>%1 — DomainLens</source>
        <translation>%1 — DomainLens</translation>
    </message>
    <message>
        <location line="+113" />
        <source>CPU (or CUDA when libtorch sees a GPU)</source>
        <translation>CPU (oder CUDA, wenn libtorch eine GPU sieht)</translation>
    </message>
    <message>
        <location line="+15" />
        <source>Encode %1</source>
        <translation>%1 kodieren</translation>
    </message>
    <message>
        <location line="+12" />
        <source>k sweep %1–%2 on %3</source>
        <translation>k-Durchlauf %1–%2 auf %3</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cluster %1 (k = %2)</source>
        <translation>%1 clustern (k = %2)</translation>
    </message>
    <message>
        <location line="+42" />
        <source>First map: %1 sentences of a sample of %2; encoding the rest of the sample…</source>
        <translation>Erste Karte: %1 Sätze einer Stichprobe von %2; der Rest der Stichprobe wird kodiert…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Map of the sample: %1 of %2 sentences; encoding the rest…</source>
        <translation>Karte der Stichprobe: %1 von %2 Sätzen; der Rest wird kodiert…</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Map of the sample: %1 of %2 sentences (%3 % of the first map's labels moved); encoding the rest…</source>
        <translation>Karte der Stichprobe: %1 von %2 Sätzen (%3 % der Labels der ersten Karte haben sich verschoben); der Rest wird kodiert…</translation>
    </message>
    <message>
        <location line="+22" />
        <source>Map of the sample (%1 sentences) and %2 of %3 sentences assigned (%4 %); encoding the rest…</source>
        <translation>Karte der Stichprobe (%1 Sätze) und %2 von %3 Sätzen zugeordnet (%4 %); der Rest wird kodiert…</translation>
    </message>
    <message>
        <location line="+4" />
        <source>All %1 sentences encoded and assigned; refitting the full map…</source>
        <translation>Alle %1 Sätze kodiert und zugeordnet; die vollständige Karte wird neu angepasst…</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Encoding a sample of %1 for its first map…</source>
        <translation>Eine Stichprobe von %1 wird für die erste Karte kodiert…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Explore %1</source>
        <translation>%1 erkunden</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Explore of %1 stopped; what it stored is kept (explore it again to go on).</source>
        <translation>Erkunden von %1 angehalten; das Gespeicherte bleibt erhalten (erneut erkunden, um fortzufahren).</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Select from %1 (%2)</source>
        <translation>Auswahl aus %1 (%2)</translation>
    </message>
    <message>
        <location line="+20" />
        <source>Filter %1 (%2)</source>
        <translation>%1 filtern (%2)</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Preview of filter %1 (%2)</source>
        <translation>Vorschau des Filters %1 (%2)</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Preview</source>
        <translation>Vorschau</translation>
    </message>
    <message>
        <location line="+16" />
        <location line="+16" />
        <source>Export %1</source>
        <translation>%1 exportieren</translation>
    </message>
    <message>
        <location line="+12" />
        <source>-copy</source>
        <translation>-Kopie</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Save a Copy of the Project</source>
        <translation>Eine Kopie des Projekts speichern</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Saving a copy of the project as %1…</source>
        <translation>Kopie des Projekts wird als %1 gespeichert…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Saved a copy of the project as %1.</source>
        <translation>Kopie des Projekts als %1 gespeichert.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Save a Copy</source>
        <translation>Kopie speichern</translation>
    </message>
    <message>
        <location line="+8" />
        <location line="+8" />
        <source>Share Map</source>
        <translation>Karte teilen</translation>
    </message>
    <message>
        <location line="-8" />
        <source>Open a clustering run on the Clusters tab first: the page shows its map.</source>
        <translation>Öffnen Sie zuerst einen Clustering-Lauf im Reiter „Cluster“: Die Seite zeigt dessen Karte.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Share Map: folder for index.html</source>
        <translation>Karte teilen: Ordner für index.html</translation>
    </message>
    <message>
        <location line="+5" />
        <source>%1 exists. Replace it?</source>
        <translation>%1 existiert bereits. Ersetzen?</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Share map of run #%1</source>
        <translation>Karte von Lauf #%1 teilen</translation>
    </message>
    <message>
        <location line="+96" />
        <location line="+15" />
        <source>Compare runs</source>
        <translation>Läufe vergleichen</translation>
    </message>
    <message>
        <location line="-15" />
        <source>Select exactly two clustering runs in the list (Ctrl+click).</source>
        <translation>Wählen Sie genau zwei Clustering-Läufe in der Liste (Strg+Klick).</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Comparing run #%1 with run #%2…</source>
        <translation>Lauf #%1 wird mit Lauf #%2 verglichen…</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Run #%1 vs run #%2</source>
        <translation>Lauf #%1 gegen Lauf #%2</translation>
    </message>
    <message>
        <location line="+24" />
        <source>Train on %1</source>
        <translation>Training auf %1</translation>
    </message>
    <message>
        <location line="+53" />
        <source>The new language applies when DomainLens starts again.</source>
        <translation>Die neue Sprache gilt nach einem Neustart von DomainLens.</translation>
    </message>
    <message>
        <location line="+30" />
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Saving %1…</source>
        <translation>%1 wird gespeichert…</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Import %1</source>
        <translation>%1 importieren</translation>
    </message>
    <message>
        <location line="+34" />
        <source>Quit DomainLens</source>
        <translation>DomainLens beenden</translation>
    </message>
    <message>
        <location line="+1" />
        <source>A job is still running. Cancel it and quit? The project keeps its state from before the job.</source>
        <translation>Ein Job läuft noch. Abbrechen und beenden? Das Projekt behält den Stand von vor dem Job.</translation>
    </message>
</context>
<context>
    <name>MapCutBar</name>
    <message>
        <location filename="../app/panels/MapCutBar.cpp" line="+15" />
        <location line="+50" />
        <source>Selection cut</source>
        <translation>Auswahlschnitt</translation>
    </message>
    <message>
        <location line="-48" />
        <source>Show the selection run's top k on the map; the other sentences are faded.</source>
        <translation>Die Top-k des Auswahllaufs auf der Karte zeigen; die übrigen Sätze werden abgeblendet.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>k = </source>
        <translation>k = </translation>
    </message>
    <message>
        <location line="+3" />
        <source>Include picked</source>
        <translation>Gewählte aufnehmen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Exclude picked</source>
        <translation>Gewählte ausschließen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Reset picked</source>
        <translation>Gewählte zurücksetzen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Keep the sentences picked on the map whatever their score (Ctrl+Z undoes).</source>
        <translation>Die auf der Karte gewählten Sätze unabhängig vom Score behalten (Strg+Z macht rückgängig).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Drop the sentences picked on the map whatever their score (Ctrl+Z undoes).</source>
        <translation>Die auf der Karte gewählten Sätze unabhängig vom Score verwerfen (Strg+Z macht rückgängig).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Give the sentences picked on the map back to their score's verdict.</source>
        <translation>Die auf der Karte gewählten Sätze wieder ihrem Score überlassen.</translation>
    </message>
    <message>
        <location line="+36" />
        <source>Cut of %1</source>
        <translation>Schnitt von %1</translation>
    </message>
    <message>
        <location line="+11" />
        <source>no selection run shown</source>
        <translation>kein Auswahllauf angezeigt</translation>
    </message>
    <message>
        <location line="+0" />
        <source>the run ranks none of these sentences</source>
        <translation>der Lauf rankt keinen dieser Sätze</translation>
    </message>
    <message>
        <location line="+24" />
        <source>%1 on the map in the cut</source>
        <translation>%1 auf der Karte im Schnitt</translation>
    </message>
    <message>
        <location line="+1" />
        <source>cut not shown</source>
        <translation>Schnitt nicht angezeigt</translation>
    </message>
</context>
<context>
    <name>MethodPairsModel</name>
    <message>
        <location filename="../widgets/models/MethodPairsModel.cpp" line="+50" />
        <source>Method A</source>
        <translation>Methode A</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Method B</source>
        <translation>Methode B</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Kept by both</source>
        <translation>Von beiden behalten</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Only A</source>
        <translation>Nur A</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Only B</source>
        <translation>Nur B</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Jaccard</source>
        <translation>Jaccard</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Spearman ρ (ranks)</source>
        <translation>Spearman ρ (Ränge)</translation>
    </message>
</context>
<context>
    <name>MethodsExplorer</name>
    <message>
        <location filename="../app/panels/MethodsExplorer.cpp" line="+68" />
        <source>Check 2 to 4 selection runs of the same pool.</source>
        <translation>Wählen Sie 2 bis 4 Auswahlläufe desselben Pools.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>top k = </source>
        <translation>Top k = </translation>
    </message>
    <message>
        <location line="+1" />
        <source>top k = the runs' own cut</source>
        <translation>Top k = der eigene Schnitt der Läufe</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Check two or more selection runs and press Compare.</source>
        <translation>Wählen Sie zwei oder mehr Auswahlläufe und drücken Sie Vergleichen.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Pair:</source>
        <translation>Paar:</translation>
    </message>
    <message>
        <location line="+3" />
        <source>vs</source>
        <translation>gegen</translation>
    </message>
    <message>
        <location line="+21" />
        <source>Overlap of the top k per pair</source>
        <translation>Überlappung der Top-k je Paar</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Exact intersections (UpSet)</source>
        <translation>Exakte Schnittmengen (UpSet)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Rank against rank (1 = best)</source>
        <translation>Rang gegen Rang (1 = bester)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Kept by one, dropped by the other</source>
        <translation>Von einer behalten, von der anderen verworfen</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Where each method's top k lies on the map</source>
        <translation>Wo die Top-k jeder Methode auf der Karte liegen</translation>
    </message>
    <message>
        <location line="+56" />
        <source>#%1 %2 (%3)</source>
        <translation>#%1 %2 (%3)</translation>
    </message>
    <message numerus="yes">
        <location line="+38" />
        <source>Check 2 to 4 selection runs of the same pool (%n checked).</source>
        <translation>
            <numerusform>Wählen Sie 2 bis 4 Auswahlläufe desselben Pools (%n gewählt).</numerusform>
            <numerusform>Wählen Sie 2 bis 4 Auswahlläufe desselben Pools (%n gewählt).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3" />
        <source>Comparing %n selection run(s)…</source>
        <translation>
            <numerusform>%n Auswahllauf wird verglichen…</numerusform>
            <numerusform>%n Auswahlläufe werden verglichen…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+53" />
        <source>Which methods keep it</source>
        <translation>Welche Methoden ihn behalten</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Top k of %1</source>
        <translation>Top-k von %1</translation>
    </message>
    <message>
        <location line="+3" />
        <location line="+1" />
        <source>%1 keeps, %2 drops (%3)</source>
        <translation>%1 behält, %2 verwirft (%3)</translation>
    </message>
    <message>
        <location line="+6" />
        <location line="+1" />
        <source>Rank in %1</source>
        <translation>Rang in %1</translation>
    </message>
    <message>
        <location line="-31" />
        <location line="+33" />
        <source>PC1 (%1)</source>
        <translation>PC1 (%1)</translation>
    </message>
    <message>
        <location line="-33" />
        <location line="+33" />
        <source>PC2</source>
        <translation>PC2</translation>
    </message>
    <message>
        <location line="+26" />
        <source>Cannot read the sentences: %1</source>
        <translation>Die Sätze können nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>MixtureGroupsModel</name>
    <message>
        <location filename="../widgets/models/MixtureGroupsModel.cpp" line="+56" />
        <source>Share of the training lines, N_g / N</source>
        <translation>Anteil an den Trainingszeilen, N_g / N</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The empirical mixture (λ_α with α = 1)</source>
        <translation>Die empirische Mischung (λ_α mit α = 1)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The target mixture the dev loss is measured under</source>
        <translation>Die Zielmischung, unter der der Dev-Verlust gemessen wird</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The initial sampling mixture</source>
        <translation>Die anfängliche Sampling-Mischung</translation>
    </message>
    <message>
        <location line="+1" />
        <source>How often the group's training shard is seen: λ_0(g) · B · T / N_g</source>
        <translation>Wie oft die Trainingsdaten der Gruppe gesehen werden: λ_0(g) · B · T / N_g</translation>
    </message>
    <message>
        <location line="+1" />
        <source>λ at the end of the trajectory shown</source>
        <translation>λ am Ende des gezeigten Verlaufs</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Train N</source>
        <translation>Train N</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Dev</source>
        <translation>Dev</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <location line="+1" />
        <source>q</source>
        <translation>q</translation>
    </message>
    <message>
        <location line="+1" />
        <source>λ^s</source>
        <translation>λ^s</translation>
    </message>
    <message>
        <location line="+1" />
        <source>λ^t</source>
        <translation>λ^t</translation>
    </message>
    <message>
        <location line="+1" />
        <source>λ_0</source>
        <translation>λ_0</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Repetition</source>
        <translation>Wiederholung</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Final λ</source>
        <translation>End-λ</translation>
    </message>
</context>
<context>
    <name>MixtureJobDialog</name>
    <message>
        <location filename="../widgets/dialogs/MixtureJobDialog.cpp" line="+56" />
        <source>Build a mixture kit</source>
        <translation>Mischungs-Kit erstellen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Build</source>
        <translation>Erstellen</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Per group (a domain label, or a cluster of a cluster run) a training shard and held-out dev and test lines, none of which appears in any training shard; mixture.json with N, q, λ^s, λ^t, λ_0 and the repetition factors; opennmt.yaml; a manifest with the SHA-256 of every file.</source>
        <translation>Je Gruppe (ein Domänenlabel oder ein Cluster eines Clusterlaufs) ein Trainingsteil und zurückgehaltene Dev- und Testzeilen, von denen keine in einem Trainingsteil vorkommt; mixture.json mit N, q, λ^s, λ^t, λ_0 und den Wiederholungsfaktoren; opennmt.yaml; ein Manifest mit dem SHA-256 jeder Datei.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Groups:</source>
        <translation>&amp;Gruppen:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>domain labels</source>
        <translation>Domänenlabels</translation>
    </message>
    <message>
        <location line="+1" />
        <source>clusters of a cluster run</source>
        <translation>Cluster eines Clusterlaufs</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+25" />
        <source>Cluster &amp;run:</source>
        <translation>Cluster&amp;lauf:</translation>
    </message>
    <message>
        <location line="-25" />
        <location line="+25" />
        <source>the latest</source>
        <translation>der neueste</translation>
    </message>
    <message>
        <location line="-24" />
        <location line="+25" />
        <source>&amp;Corpus:</source>
        <translation>&amp;Korpus:</translation>
    </message>
    <message>
        <location line="-25" />
        <location line="+25" />
        <source>the only one</source>
        <translation>der einzige</translation>
    </message>
    <message>
        <location line="-24" />
        <source>&amp;Output folder:</source>
        <translation>&amp;Ausgabeordner:</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Dev lines per group:</source>
        <translation>&amp;Dev-Zeilen je Gruppe:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Test lines per group:</source>
        <translation>&amp;Testzeilen je Gruppe:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>S&amp;eed:</source>
        <translation>S&amp;eed:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>λ^t (t&amp;arget):</source>
        <translation>λ^t (&amp;Ziel):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>λ_0 (&amp;initial):</source>
        <translation>λ_0 (&amp;Anfang):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Floor ε:</source>
        <translation>Boden ε:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Floor α:</source>
        <translation>Boden α:</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+33" />
        <source>Training &amp;steps T:</source>
        <translation>Trainings&amp;schritte T:</translation>
    </message>
    <message>
        <location line="-32" />
        <source>&amp;Batch size B (sentences):</source>
        <translation>&amp;Batchgröße B (Sätze):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>OpenNMT-py weight &amp;resolution:</source>
        <translation>OpenNMT-py-Gewichts&amp;auflösung:</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Target mixture λ^t</source>
        <translation>Zielmischung λ^t</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Compute</source>
        <translation>Berechnen</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The mixture the model should do well on: uniform, one or more groups, the mean GMM responsibilities of an in-domain dev set under the cluster run, or a selection run's P(in|x) summed per group. Write it into a kit's folder and build the kit with it as λ^t.</source>
        <translation>Die Mischung, auf der das Modell gut sein soll: gleichverteilt, eine oder mehrere Gruppen, die mittleren GMM-Zugehörigkeiten eines domäneninternen Dev-Sets unter dem Clusterlauf oder P(in|x) eines Auswahllaufs, je Gruppe summiert. In den Ordner eines Kits schreiben und das Kit damit als λ^t erstellen.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;From:</source>
        <translation>&amp;Aus:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Gr&amp;oups (comma separated):</source>
        <translation>Gr&amp;uppen (durch Kommas getrennt):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Grouped &amp;by:</source>
        <translation>Gruppiert &amp;nach:</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Dev set (corpus):</source>
        <translation>&amp;Dev-Set (Korpus):</translation>
    </message>
    <message>
        <location line="+0" />
        <location line="+2" />
        <location line="+21" />
        <location line="+1" />
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location line="-23" />
        <source>&amp;Selection run:</source>
        <translation>&amp;Auswahllauf:</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Write to:</source>
        <translation>&amp;Schreiben nach:</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Fixed mixture schedule</source>
        <translation>Fester Mischungszeitplan</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Write Schedule</source>
        <translation>Zeitplan schreiben</translation>
    </message>
    <message>
        <location line="+2" />
        <source>λ over training as [{step, λ}] with a phase file per entry: FT-Full, interpolation or an annealed temperature from λ_α to λ^t over a kit's groups; the curriculum of Zhang et al. 2019 or gradual fine-tuning (van der Wees et al. 2017) over a selection run's ranking.</source>
        <translation>λ über das Training als [{step, λ}] mit einer Phasendatei je Eintrag: FT-Full, Interpolation oder eine abgekühlte Temperatur von λ_α nach λ^t über die Gruppen eines Kits; das Curriculum von Zhang et al. 2019 oder schrittweises Fine-Tuning (van der Wees et al. 2017) über die Rangfolge eines Auswahllaufs.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Kind:</source>
        <translation>&amp;Art:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Kit's &amp;mixture.json:</source>
        <translation>&amp;mixture.json des Kits:</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Output &amp;prefix:</source>
        <translation>Ausgabe&amp;präfix:</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Schedule &amp;points:</source>
        <translation>Zeitplan&amp;punkte:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Switch ste&amp;p T0 (ft-full):</source>
        <translation>Wechsels&amp;chritt T0 (ft-full):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>α at the st&amp;art:</source>
        <translation>α am An&amp;fang:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>α at the &amp;end (anneal):</source>
        <translation>α am &amp;Ende (anneal):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Selection &amp;run:</source>
        <translation>Auswahl&amp;lauf:</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;In-domain corpus:</source>
        <translation>&amp;Domäneninternes Korpus:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pool s&amp;hards:</source>
        <translation>Pool-&amp;Teile:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;ρ (gradual):</source>
        <translation>&amp;ρ (gradual):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ep&amp;ochs (gradual):</source>
        <translation>Ep&amp;ochen (gradual):</translation>
    </message>
    <message>
        <location line="+3" />
        <source>MDAC step</source>
        <translation>MDAC-Schritt</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location line="+2" />
        <source>One session of MDAC (or DDS): the trainer's per-group rewards update ψ by REINFORCE, λ(ψ) = ψ^β / Σ ψ^β; the state file keeps ψ and the λ trajectory. A new state starts from a kit's mixture.json (its λ_0 and λ^t).</source>
        <translation>Eine Sitzung von MDAC (oder DDS): die Belohnungen des Trainers je Gruppe aktualisieren ψ mit REINFORCE, λ(ψ) = ψ^β / Σ ψ^β; die Zustandsdatei hält ψ und den Verlauf von λ. Ein neuer Zustand beginnt mit der mixture.json eines Kits (ihrem λ_0 und λ^t).</translation>
    </message>
    <message>
        <location line="+6" />
        <source>The MDAC state file (JSON); it is created from the kit's mixture.json when it does not exist yet.</source>
        <translation>Die MDAC-Zustandsdatei (JSON); sie wird aus der mixture.json des Kits angelegt, wenn es sie noch nicht gibt.</translation>
    </message>
    <message>
        <location line="+8" />
        <location line="+97" />
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location line="-94" />
        <source>MDAC state</source>
        <translation>MDAC-Zustand</translation>
    </message>
    <message>
        <location line="+0" />
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>&amp;State file:</source>
        <translation>&amp;Zustandsdatei:</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Start from (&amp;mixture.json):</source>
        <translation>Beginnen mit (&amp;mixture.json):</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Rewards file:</source>
        <translation>&amp;Belohnungsdatei:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;β:</source>
        <translation>&amp;β:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Learning rate of ψ:</source>
        <translation>&amp;Lernrate von ψ:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Updates per session:</source>
        <translation>&amp;Updates pro Sitzung:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Re&amp;ward:</source>
        <translation>Be&amp;lohnung:</translation>
    </message>
    <message>
        <location line="+26" />
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Compress the training files (gzip)</source>
        <translation>Trainingsdateien komprimieren (gzip)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Replace existing files</source>
        <translation>Vorhandene Dateien ersetzen</translation>
    </message>
    <message>
        <location line="+77" />
        <source>The cluster run whose clusters are the groups (the command line's RUN).</source>
        <translation>Der Clusterlauf, dessen Cluster die Gruppen sind (RUN der Befehlszeile).</translation>
    </message>
</context>
<context>
    <name>MixturePanel</name>
    <message>
        <location filename="../app/panels/MixturePanel.cpp" line="+24" />
        <source>Open Kit or Training Folder…</source>
        <translation>Kit- oder Trainingsordner öffnen…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Open λ Trajectory…</source>
        <translation>λ-Verlauf öffnen…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>A schedule (mixture schedule), an MDAC state (mixture step), a training report (train.json) or a trainer's log: one JSON object per line, {"step": N, "lambda": {"group": weight, …}}</source>
        <translation>Ein Zeitplan (mixture schedule), ein MDAC-Zustand (mixture step), ein Trainingsbericht (train.json) oder das Log eines Trainers: ein JSON-Objekt pro Zeile, {"step": N, "lambda": {"Gruppe": Gewicht, …}}</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Train on This Kit…</source>
        <translation>Auf diesem Kit trainieren…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Save CSV…</source>
        <translation>CSV speichern…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Open a mixture kit (mixture kit), a training folder (mixture train) or a λ trajectory.</source>
        <translation>Öffnen Sie ein Mischungs-Kit (mixture kit), einen Trainingsordner (mixture train) oder einen λ-Verlauf.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>mixture</source>
        <translation>mischung</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Training step</source>
        <translation>Trainingsschritt</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Dev loss (nats per token)</source>
        <translation>Dev-Verlust (Nats pro Token)</translation>
    </message>
    <message>
        <location line="+25" />
        <location line="+47" />
        <source>No λ trajectory.</source>
        <translation>Kein λ-Verlauf.</translation>
    </message>
    <message>
        <location line="-43" />
        <source>Open a mixture kit or a training folder</source>
        <translation>Mischungs-Kit oder Trainingsordner öffnen</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Open a λ trajectory</source>
        <translation>λ-Verlauf öffnen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Trajectories (*.json *.jsonl *.log);;All files (*)</source>
        <translation>Verläufe (*.json *.jsonl *.log);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Could not read %1</source>
        <translation>%1 konnte nicht gelesen werden</translation>
    </message>
    <message>
        <location line="+11" />
        <source>a fixed schedule</source>
        <translation>einem festen Zeitplan</translation>
    </message>
    <message>
        <location line="+1" />
        <source>a mixture train run</source>
        <translation>einem mixture-train-Lauf</translation>
    </message>
    <message>
        <location line="+1" />
        <source>an MDAC state</source>
        <translation>einem MDAC-Zustand</translation>
    </message>
    <message>
        <location line="+1" />
        <source>a trainer's log</source>
        <translation>dem Log eines Trainers</translation>
    </message>
    <message>
        <location line="+3" />
        <source>λ from %1</source>
        <translation>λ aus %1</translation>
    </message>
    <message numerus="yes">
        <location line="+8" />
        <source>λ of %n group(s) at %1 point(s), %2 %3 to %4</source>
        <translation>
            <numerusform>λ von %n Gruppe an %1 Punkt(en), %2 %3 bis %4</numerusform>
            <numerusform>λ von %n Gruppen an %1 Punkt(en), %2 %3 bis %4</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2" />
        <source>session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <location line="+0" />
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Dev loss per group (J^t: under λ^t)</source>
        <translation>Dev-Verlust pro Gruppe (J^t: unter λ^t)</translation>
    </message>
</context>
<context>
    <name>MixtureTrainDialog</name>
    <message>
        <location filename="../widgets/dialogs/MixtureTrainDialog.cpp" line="+23" />
        <source>Train on a mixture kit</source>
        <translation>Auf einem Mischungs-Kit trainieren</translation>
    </message>
    <message>
        <location line="+5" />
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Mixture kit</source>
        <translation>Mischungs-Kit</translation>
    </message>
    <message>
        <location line="+6" />
        <source>File…</source>
        <translation>Datei…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Schedule file</source>
        <translation>Zeitplan-Datei</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Schedules (*.schedule.json);;All files (*)</source>
        <translation>Zeitpläne (*.schedule.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+15" />
        <source>Continue from the checkpoint in the work folder</source>
        <translation>Vom Checkpoint im Arbeitsordner fortsetzen</translation>
    </message>
    <message>
        <location line="+25" />
        <source>&amp;Kit folder:</source>
        <translation>&amp;Kit-Ordner:</translation>
    </message>
    <message>
        <location line="+2" />
        <source>λ &amp;from:</source>
        <translation>λ &amp;aus:</translation>
    </message>
    <message>
        <location line="+4" />
        <source>&amp;Work folder:</source>
        <translation>&amp;Arbeitsordner:</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Device:</source>
        <translation>&amp;Gerät:</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Steps:</source>
        <translation>&amp;Schritte:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Batch (sequences):</source>
        <translation>&amp;Batch (Sequenzen):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>S&amp;eed:</source>
        <translation>S&amp;eed:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Learning &amp;rate:</source>
        <translation>Lern&amp;rate:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Dev loss e&amp;very (steps):</source>
        <translation>Dev-Verlust &amp;alle (Schritte):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Dev &amp;windows per group:</source>
        <translation>Dev-&amp;Fenster pro Gruppe:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Context (tokens):</source>
        <translation>&amp;Kontext (Tokens):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Layers:</source>
        <translation>Sch&amp;ichten:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>W&amp;idth:</source>
        <translation>&amp;Breite:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Heads:</source>
        <translation>&amp;Heads:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Vocabulary:</source>
        <translation>&amp;Vokabular:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>MDAC / DDS</source>
        <translation>MDAC / DDS</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Steps per sessi&amp;on (K):</source>
        <translation>Schritte pro Sitzu&amp;ng (K):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Si&amp;mulated steps per group (k):</source>
        <translation>Si&amp;mulierte Schritte pro Gruppe (k):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Learning rate of &amp;ψ:</source>
        <translation>Lernrate von &amp;ψ:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Updates per session:</source>
        <translation>&amp;Updates pro Sitzung:</translation>
    </message>
    <message>
        <location line="+6" />
        <source>A small decoder-only Transformer language model over the kit's training text; its batches' groups are drawn from λ at each step. The dev loss per group under λ^t is measured as it trains; Cancel leaves a checkpoint that “Continue” resumes.</source>
        <translation>Ein kleines Decoder-only-Transformer-Sprachmodell über den Trainingstext des Kits; die Gruppen jedes Batches werden in jedem Schritt aus λ gezogen. Der Dev-Verlust pro Gruppe unter λ^t wird während des Trainings gemessen; Abbrechen hinterlässt einen Checkpoint, den „Fortsetzen“ wieder aufnimmt.</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Train</source>
        <translation>Trainieren</translation>
    </message>
</context>
<context>
    <name>ModelInstaller</name>
    <message>
        <location filename="../widgets/jobs/ModelInstaller.cpp" line="+23" />
        <source>Cannot run the installer %1: %2</source>
        <translation>Das Installationsprogramm %1 kann nicht ausgeführt werden: %2</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Starting the installer for %1…</source>
        <translation>Installationsprogramm für %1 wird gestartet…</translation>
    </message>
    <message>
        <location line="+30" />
        <source>Installing %1 was cancelled.</source>
        <translation>Die Installation von %1 wurde abgebrochen.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1 is installed.</source>
        <translation>%1 ist installiert.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Installing %1 failed (exit code %2): %3</source>
        <translation>Die Installation von %1 ist fehlgeschlagen (Exit-Code %2): %3</translation>
    </message>
</context>
<context>
    <name>OutlierAnalysisPanel</name>
    <message>
        <location filename="../app/panels/OutlierAnalysisPanel.cpp" line="+38" />
        <source>(+ %1 more)</source>
        <translation>(+ %1 weitere)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>undefined</source>
        <translation>undefiniert</translation>
    </message>
    <message>
        <location line="+5" />
        <location line="+136" />
        <source>No clustering run yet: use Analysis → Cluster…</source>
        <translation>Noch kein Clustering-Lauf: Analyse → Clustern…</translation>
    </message>
    <message>
        <location line="-128" />
        <source>Click a figure to list the sentences behind it.</source>
        <translation>Klicken Sie auf eine Zahl, um die Sätze dahinter aufzulisten.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Save table…</source>
        <translation>Tabelle speichern…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Save list…</source>
        <translation>Liste speichern…</translation>
    </message>
    <message>
        <location line="+24" />
        <source>Double-click a sentence to find its neighbours.</source>
        <translation>Doppelklicken Sie auf einen Satz, um seine Nachbarn zu finden.</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Run #%1: reading the outlier analysis…</source>
        <translation>Lauf #%1: Ausreißeranalyse wird gelesen…</translation>
    </message>
    <message>
        <location line="+6" />
        <source>This corpus has no domain labels: the outlier analysis needs them.</source>
        <translation>Dieses Korpus hat keine Domänenlabels: die Ausreißeranalyse braucht sie.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Cannot read the outlier analysis: %1</source>
        <translation>Die Ausreißeranalyse kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Reading the domain centroids…</source>
        <translation>Die Domänen-Zentroide werden gelesen…</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Run #%1 stores no domain-centroid cosines (its corpus has no domain labels).</source>
        <translation>Lauf #%1 speichert keine Kosinuswerte der Domänen-Zentroide (sein Korpus hat keine Domänenlabels).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Run #%1: cosine of the domains' mean sentence vectors (rows and columns: domains).</source>
        <translation>Lauf #%1: Kosinus der mittleren Satzvektoren der Domänen (Zeilen und Spalten: Domänen).</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Cannot read the domain centroids: %1</source>
        <translation>Die Domänen-Zentroide können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Load a score matrix (e.g. BLEU; CSV: a header ",dom1,dom2,…", then one row per training domain) to correlate it with the cosines, as the paper's Fig. 4.</source>
        <translation>Laden Sie eine Wertematrix (z. B. BLEU; CSV: eine Kopfzeile ",dom1,dom2,…", dann eine Zeile je Trainingsdomäne), um sie wie Abb. 4 des Artikels mit den Kosinuswerten zu korrelieren.</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Reading the sentences of %1, %2…</source>
        <translation>Die Sätze von %1, %2 werden gelesen…</translation>
    </message>
    <message>
        <location line="+8" />
        <source>%1, %2: %3 sentences</source>
        <translation>%1, %2: %3 Sätze</translation>
    </message>
    <message>
        <location line="+2" />
        <source>(the first %1 listed)</source>
        <translation>(die ersten %1 aufgelistet)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Cannot read the sentences: %1</source>
        <translation>Die Sätze können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Domain centroids (Fig. 4)</source>
        <translation>Domänen-Zentroide (Abb. 4)</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Save matrix…</source>
        <translation>Matrix speichern…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Load cross-domain scores (CSV)…</source>
        <translation>Domänenübergreifende Werte laden (CSV)…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>A matrix of scores between domains (e.g. BLEU of a model trained on the row's domain, tested on the column's): a header ",dom1,dom2,…", then one row per domain "domX,v1,v2,…".</source>
        <translation>Eine Matrix von Werten zwischen Domänen (z. B. BLEU eines Modells, trainiert auf der Domäne der Zeile, getestet auf der der Spalte): eine Kopfzeile ",dom1,dom2,…", dann eine Zeile je Domäne "domX,v1,v2,…".</translation>
    </message>
    <message>
        <location line="+32" />
        <source>Load cross-domain scores</source>
        <translation>Domänenübergreifende Werte laden</translation>
    </message>
    <message>
        <location line="+1" />
        <source>CSV files (*.csv *.txt);;All files (*)</source>
        <translation>CSV-Dateien (*.csv *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Reading the scores in %1…</source>
        <translation>Die Werte in %1 werden gelesen…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Show a clustering run first: the scores are correlated with its centroids.</source>
        <translation>Zeigen Sie zuerst einen Clustering-Lauf: Die Werte werden mit seinen Zentroiden korreliert.</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Cannot use the scores: %1</source>
        <translation>Die Werte können nicht verwendet werden: %1</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Scores from %1. Pearson r with the same-domain points (as the paper's Fig. 4): %2 (%3 pairs) · without them: %4 (%5 pairs)</source>
        <translation>Werte aus %1. Pearson-r mit den Punkten gleicher Domäne (wie Abb. 4 des Artikels): %2 (%3 Paare) · ohne sie: %4 (%5 Paare)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Run domains the file has no scores for (left out): %1</source>
        <translation>Domänen des Laufs ohne Werte in der Datei (ausgelassen): %1</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Domains in the file that the run lacks (left out): %1</source>
        <translation>Domänen der Datei, die dem Lauf fehlen (ausgelassen): %1</translation>
    </message>
    <message>
        <location filename="../app/services/OutlierAnalysisQueries.cpp" line="+54" />
        <source>Run #%1: outliers are sentences whose cluster maps to another domain (Aharoni &amp; Goldberg 2020, section 2.6).</source>
        <translation>Lauf #%1: Ausreißer sind Sätze, deren Cluster einer anderen Domäne zugeordnet ist (Aharoni &amp; Goldberg 2020, Abschnitt 2.6).</translation>
    </message>
    <message>
        <location line="+6" />
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location line="+4" />
        <source>All clusters</source>
        <translation>Alle Cluster</translation>
    </message>
</context>
<context>
    <name>OutlierBrowser</name>
    <message>
        <location filename="../app/panels/OutlierBrowser.cpp" line="+24" />
        <source>Only outliers</source>
        <translation>Nur Ausreißer</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Sentences whose cluster maps to another domain than their own (the paper's Table 2).</source>
        <translation>Sätze, deren Cluster einer anderen Domäne zugeordnet ist als ihrer eigenen (Tabelle 2 des Papers).</translation>
    </message>
    <message>
        <location line="+2" />
        <location line="+83" />
        <source>any</source>
        <translation>beliebig</translation>
    </message>
    <message>
        <location line="-83" />
        <source>with digits</source>
        <translation>mit Ziffern</translation>
    </message>
    <message>
        <location line="+0" />
        <source>without digits</source>
        <translation>ohne Ziffern</translation>
    </message>
    <message>
        <location line="+5" />
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Search text…</source>
        <translation>Text suchen…</translation>
    </message>
    <message>
        <location line="+5" />
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Digits</source>
        <translation>Ziffern</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Copy rows</source>
        <translation>Zeilen kopieren</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Find neighbours of this sentence</source>
        <translation>Nachbarn dieses Satzes finden</translation>
    </message>
    <message>
        <location line="+27" />
        <source>%1 sentences</source>
        <translation>%1 Sätze</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <location line="+48" />
        <source>Counting…</source>
        <translation>Wird gezählt…</translation>
    </message>
</context>
<context>
    <name>OutlierFiguresModel</name>
    <message>
        <location filename="../widgets/models/OutlierFiguresModel.cpp" line="+52" />
        <source>%1 % (%2)</source>
        <translation>%1 % (%2)</translation>
    </message>
    <message>
        <location line="+25" />
        <source>Click to list the sentences behind this figure.</source>
        <translation>Klicken, um die Sätze hinter dieser Zahl aufzulisten.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Target cluster</source>
        <translation>Zielcluster</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sentences</source>
        <translation>Sätze</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Outliers</source>
        <translation>Ausreißer</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Mean tokens, outliers</source>
        <translation>Mittlere Tokens, Ausreißer</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Mean tokens, all</source>
        <translation>Mittlere Tokens, alle</translation>
    </message>
    <message>
        <location line="+1" />
        <source>With digits, outliers</source>
        <translation>Mit Ziffern, Ausreißer</translation>
    </message>
    <message>
        <location line="+1" />
        <source>With digits, all</source>
        <translation>Mit Ziffern, alle</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pronoun or '?', outliers</source>
        <translation>Pronomen oder '?', Ausreißer</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pronoun or '?', all</source>
        <translation>Pronomen oder '?', alle</translation>
    </message>
</context>
<context>
    <name>OutlierTableModel</name>
    <message>
        <location filename="../app/services/OutlierTableModel.cpp" line="+60" />
        <source>Run %1 is not a clustering run.</source>
        <translation>Lauf %1 ist kein Clustering-Lauf.</translation>
    </message>
    <message>
        <location line="+119" />
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <location line="+18" />
        <source>Sentence</source>
        <translation>Satz</translation>
    </message>
    <message>
        <location line="+1" />
        <source>True domain</source>
        <translation>Wahre Domäne</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cluster</source>
        <translation>Clustern</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cluster's domain</source>
        <translation>Domäne des Clusters</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Probability</source>
        <translation>Wahrscheinlichkeit</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <location line="+45" />
        <source>No clustering run is shown.</source>
        <translation>Es wird kein Clustering-Lauf angezeigt.</translation>
    </message>
    <message>
        <location line="+2" />
        <location line="+15" />
        <location line="+2" />
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>ParamFieldWidgets</name>
    <message>
        <location filename="../widgets/dialogs/ParamFieldWidgets.cpp" line="+29" />
        <source>auto</source>
        <translation>automatisch</translation>
    </message>
</context>
<context>
    <name>PlotExport</name>
    <message>
        <location filename="../widgets/plots/PlotExport.cpp" line="+25" />
        <source>PNG image (*.png);;SVG vector image (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Vektorgrafik (*.svg);;PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <location line="+3" />
        <location line="+31" />
        <source>Nothing to save.</source>
        <translation>Nichts zu speichern.</translation>
    </message>
    <message>
        <location line="-17" />
        <source>Plot exported by DomainLens</source>
        <translation>Diagramm exportiert von DomainLens</translation>
    </message>
    <message>
        <location line="+2" />
        <location line="+10" />
        <location line="+16" />
        <location line="+9" />
        <location line="+7" />
        <source>Cannot write %1.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <location line="-35" />
        <location line="+32" />
        <source>Unknown image format "%1": use .png, .svg or .pdf.</source>
        <translation>Unbekanntes Bildformat „%1“: verwenden Sie .png, .svg oder .pdf.</translation>
    </message>
    <message>
        <location line="+11" />
        <location line="+17" />
        <location line="+9" />
        <source>Save image</source>
        <translation>Bild speichern</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
</context>
<context>
    <name>PrecisionCutoffView</name>
    <message>
        <location filename="../widgets/plots/PrecisionCutoffView.cpp" line="+19" />
        <source>Cut-off (top N of the ranked pool)</source>
        <translation>Schnitt (die obersten N des gerankten Pools)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Precision (share in-domain)</source>
        <translation>Precision (Anteil domänenintern)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>precision-at-cutoff</source>
        <translation>precision-am-schnitt</translation>
    </message>
    <message>
        <location line="+31" />
        <source>true size %1 </source>
        <translation>wahre Größe %1 </translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/services/JobFactory.cpp" line="+52" />
        <source>%1 was already encoded with %2.</source>
        <translation>%1 war bereits mit %2 kodiert.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Encoded %1 sentences of %2 with %3 (%4 sentences/s on %5).</source>
        <translation>%1 Sätze von %2 mit %3 kodiert (%4 Sätze/s auf %5).</translation>
    </message>
    <message>
        <location line="+34" />
        <source>Layer sweep run #%1: best layer by purity %2, by silhouette %3.</source>
        <translation>Schicht-Durchlauf #%1: beste Schicht nach Reinheit %2, nach Silhouette %3.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Layer sweep run #%1: silhouette picks layer %2.</source>
        <translation>Schicht-Durchlauf #%1: Die Silhouette wählt Schicht %2.</translation>
    </message>
    <message>
        <location line="+15" />
        <source>k sweep %1–%2: lowest BIC at k = %3.</source>
        <translation>k-Durchlauf %1–%2: kleinstes BIC bei k = %3.</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Clustering run #%1: purity %2 ± %3 % over %4 seeds (random baseline %5 %).</source>
        <translation>Clustering-Lauf #%1: Reinheit %2 ± %3 % über %4 Startwerte (Zufallsbasis %5 %).</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Clustering run #%1 stored (no domain labels: no purity).</source>
        <translation>Clustering-Lauf #%1 gespeichert (keine Domänenlabels: keine Reinheit).</translation>
    </message>
    <message>
        <location line="+19" />
        <source>Selection run #%1 (cross-lingual): %2 of %3 pool sentences selected.</source>
        <translation>Auswahllauf #%1 (sprachübergreifend): %2 von %3 Pool-Sätzen ausgewählt.</translation>
    </message>
    <message>
        <location line="+18" />
        <source>Selection run #%1 (%2): %3 of %4 pool sentences selected.</source>
        <translation>Auswahllauf #%1 (%2): %3 von %4 Pool-Sätzen ausgewählt.</translation>
    </message>
    <message>
        <location line="+21" />
        <source>Filter run #%1 (%2) on %3: %4 of %5 sentences kept, %6 removed.</source>
        <translation>Filterlauf #%1 (%2) auf %3: %4 von %5 Sätzen behalten, %6 entfernt.</translation>
    </message>
    <message>
        <location line="+23" />
        <source>Exported %1 files; manifest %2.</source>
        <translation>%1 Dateien exportiert; Manifest %2.</translation>
    </message>
    <message>
        <location line="+18" />
        <source>Trained %1 steps: dev loss under λ^t %2 (perplexity %3); report %4.</source>
        <translation>%1 Schritte trainiert: Dev-Verlust unter λ^t %2 (Perplexität %3); Bericht %4.</translation>
    </message>
    <message>
        <location line="+48" />
        <source>Mixture kit of %1 groups in %2.</source>
        <translation>Mischungs-Kit mit %1 Gruppen in %2.</translation>
    </message>
    <message>
        <location line="+14" />
        <source>λ^t: %1.</source>
        <translation>λ^t: %1.</translation>
    </message>
    <message>
        <location line="+15" />
        <source>Schedule %1: %2 entries in %3.schedule.json.</source>
        <translation>Zeitplan %1: %2 Einträge in %3.schedule.json.</translation>
    </message>
    <message>
        <location line="+17" />
        <source>MDAC session %1: λ %2.</source>
        <translation>MDAC-Sitzung %1: λ %2.</translation>
    </message>
    <message>
        <location line="+22" />
        <source>Full map of %1: run #%2 on %L3 sentences; the first map (run #%4, %L5 sentences) agrees on %6 % of the labels.</source>
        <translation>Vollständige Karte von %1: Lauf #%2 mit %L3 Sätzen; die erste Karte (Lauf #%4, %L5 Sätze) stimmt bei %6 % der Labels überein.</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Map of %1: run #%2 on all %L3 sentences.</source>
        <translation>Karte von %1: Lauf #%2 mit allen %L3 Sätzen.</translation>
    </message>
    <message>
        <location line="+26" />
        <source>Shared map of run #%1 written: %2 (%3 of %4 points).</source>
        <translation>Geteilte Karte von Lauf #%1 geschrieben: %2 (%3 von %4 Punkten).</translation>
    </message>
    <message>
        <location filename="../app/services/ProjectQueries.cpp" line="+77" />
        <source>last layer</source>
        <translation>letzte Schicht</translation>
    </message>
    <message>
        <location line="+0" />
        <source>layer %1</source>
        <translation>Schicht %1</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1 by purity</source>
        <translation>%1 nach Reinheit</translation>
    </message>
    <message>
        <location line="+0" />
        <source>%1 by silhouette</source>
        <translation>%1 nach Silhouette</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 by purity (%2 %)</source>
        <translation>%1 nach Reinheit (%2 %)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 by silhouette (%2)</source>
        <translation>%1 nach Silhouette (%2)</translation>
    </message>
    <message>
        <location line="+9" />
        <source>purity %1 ± %2 %</source>
        <translation>Reinheit %1 ± %2 %</translation>
    </message>
    <message>
        <location line="+7" />
        <source>%1 of %2 selected</source>
        <translation>%1 von %2 ausgewählt</translation>
    </message>
    <message>
        <location line="+6" />
        <source>%1 of %2 removed</source>
        <translation>%1 von %2 entfernt</translation>
    </message>
    <message>
        <location filename="../app/services/RunViews.cpp" line="+93" />
        <source>Purity %1 ± %2 % · NMI %3 · ARI %4 · random baseline %5 % (%6 seeds)</source>
        <translation>Reinheit %1 ± %2 % · NMI %3 · ARI %4 · Zufallsbasis %5 % (%6 Startwerte)</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Run #%1: k = %2, %3 covariance, %4 sentences</source>
        <translation>Lauf #%1: k = %2, Kovarianz %3, %4 Sätze</translation>
    </message>
    <message>
        <location line="+20" />
        <source>, both sides (bilingual contrast)</source>
        <translation>, beide Seiten (bilingualer Kontrast)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>, target side</source>
        <translation>, Zielseite</translation>
    </message>
    <message>
        <location line="+4" />
        <source>; departs from the paper: %1 = %2 (paper: %3)</source>
        <translation>; weicht vom Paper ab: %1 = %2 (Paper: %3)</translation>
    </message>
    <message>
        <location line="+46" />
        <source>Run #%1: %2, seed %3</source>
        <translation>Lauf #%1: %2, Seed %3</translation>
    </message>
    <message>
        <location line="+1" />
        <source> (%1 seed sentences found in the pool are not ranked)</source>
        <translation> (%1 Seed-Sätze im Pool werden nicht gerankt)</translation>
    </message>
    <message>
        <location line="+59" />
        <location line="+1" />
        <source>#%1 c%2</source>
        <translation>#%1 c%2</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Run #%1 (k = %2) vs run #%3 (k = %4): NMI %5 · ARI %6 over %7 sentences</source>
        <translation>Lauf #%1 (k = %2) gegen Lauf #%3 (k = %4): NMI %5 · ARI %6 über %7 Sätze</translation>
    </message>
    <message>
        <location line="+18" />
        <location line="+5" />
        <source>⚠ cannot read sentence %1: %2</source>
        <translation>⚠ Satz %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location line="+1" />
        <source>⚠ sentence %1 is not in the project</source>
        <translation>⚠ Satz %1 ist nicht im Projekt</translation>
    </message>
    <message>
        <location filename="../app/services/CutoffComparison.cpp" line="+49" />
        <source>Precision at cut-off, in-domain label '%1' (%2 in the pool)</source>
        <translation>Precision am Schnitt, domänenintern: Label „%1“ (%2 im Pool)</translation>
    </message>
    <message>
        <location line="+14" />
        <source>#%1 %2, iteration %3</source>
        <translation>#%1 %2, Iteration %3</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/panels/SelectionExplorer.cpp" line="+32" />
        <source>include %n sentence(s)</source>
        <translation>
            <numerusform>%n Satz einschließen</numerusform>
            <numerusform>%n Sätze einschließen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1" />
        <source>exclude %n sentence(s)</source>
        <translation>
            <numerusform>%n Satz ausschließen</numerusform>
            <numerusform>%n Sätze ausschließen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1" />
        <source>reset %n sentence(s)</source>
        <translation>
            <numerusform>%n Satz zurücksetzen</numerusform>
            <numerusform>%n Sätze zurücksetzen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/services/LayerSweepData.cpp" line="+26" />
        <source>Purity</source>
        <translation>Reinheit</translation>
    </message>
    <message>
        <location line="+0" />
        <source>NMI</source>
        <translation>NMI</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Silhouette</source>
        <translation>Silhouette</translation>
    </message>
    <message>
        <location line="+4" />
        <location line="+21" />
        <source>last</source>
        <translation>letzte</translation>
    </message>
    <message>
        <location line="-2" />
        <source>Run #%1: layer sweep of %2, k = %3 — chosen layer %4 (by %5)</source>
        <translation>Lauf #%1: Schichtvergleich von %2, k = %3 — gewählte Schicht %4 (nach %5)</translation>
    </message>
    <message>
        <location filename="../app/services/MapValues.cpp" line="+60" />
        <source>Run #%1 %2: score</source>
        <translation>Lauf #%1 %2: Score</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Run #%1 %2: classifier probability</source>
        <translation>Lauf #%1 %2: Klassifikatorwahrscheinlichkeit</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Run #%1 GMM: max responsibility</source>
        <translation>Lauf #%1 GMM: maximale Zugehörigkeit</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Run #%1 GMM: log-likelihood</source>
        <translation>Lauf #%1 GMM: Log-Likelihood</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Run #%1 filter %2: removed</source>
        <translation>Lauf #%1 Filter %2: entfernt</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Run #%1 filter %2: score of the removed</source>
        <translation>Lauf #%1 Filter %2: Wert der entfernten</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Tag “%1” (%2 sentences)</source>
        <translation>Tag „%1“ (%2 Sätze)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Sentence length (tokens)</source>
        <translation>Satzlänge (Tokens)</translation>
    </message>
    <message>
        <location line="+75" />
        <source>Mixture %1: λ^t of the cluster</source>
        <translation>Mischung %1: λ^t des Clusters</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Mixture %1: λ_0 of the cluster</source>
        <translation>Mischung %1: λ_0 des Clusters</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Mixture %1: last λ of the trajectory</source>
        <translation>Mischung %1: letztes λ des Verlaufs</translation>
    </message>
    <message>
        <location filename="../app/services/MethodComparison.cpp" line="+75" />
        <source>Map of clustering run #%1</source>
        <translation>Karte des Clusterlaufs #%1</translation>
    </message>
    <message>
        <location line="+66" />
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Top %1 of each run · %2 sentences kept by at least one, %3 by all</source>
        <translation>Top %1 jedes Laufs · %2 Sätze von mindestens einem behalten, %3 von allen</translation>
    </message>
    <message>
        <location line="+9" />
        <source>kept by both</source>
        <translation>von beiden behalten</translation>
    </message>
    <message>
        <location line="+0" />
        <location line="+1" />
        <location line="+46" />
        <source>only %1</source>
        <translation>nur %1</translation>
    </message>
    <message>
        <location line="-10" />
        <source>in the top k of %1</source>
        <translation>in den Top-k von %1</translation>
    </message>
    <message>
        <location line="+11" />
        <source>all methods</source>
        <translation>alle Methoden</translation>
    </message>
    <message>
        <location filename="../app/panels/MethodsExplorer.cpp" line="-249" />
        <source>Save CSV…</source>
        <translation>CSV speichern…</translation>
    </message>
    <message>
        <location filename="../app/services/AssignRunView.cpp" line="+67" />
        <source>Purity %1 % · NMI %2 · ARI %3 over %4 labelled sentences (the cluster run's model applied)</source>
        <translation>Reinheit %1 % · NMI %2 · ARI %3 über %4 gelabelte Sätze (Modell des Clusterlaufs angewandt)</translation>
    </message>
    <message>
        <location line="+59" />
        <source>Run #%1: cluster run #%2 applied to %3 sentences in shards, k = %4</source>
        <translation>Lauf #%1: Clusterlauf #%2 auf %3 Sätze in Shards angewandt, k = %4</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Run #%1: cluster run #%2 applied to %3 of %4 sentences so far (explore), k = %5</source>
        <translation>Lauf #%1: Cluster-Lauf #%2 bisher auf %3 von %4 Sätzen angewandt (Erkunden), k = %5</translation>
    </message>
    <message>
        <location filename="../app/services/FilterQueries.cpp" line="+91" />
        <source>Cluster </source>
        <translation>Cluster </translation>
    </message>
    <message>
        <location line="+9" />
        <source>Jaccard similarity to the kept twin</source>
        <translation>Jaccard-Ähnlichkeit zum behaltenen Zwilling</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Cosine to the kept twin</source>
        <translation>Kosinus zum behaltenen Zwilling</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Probability of the expected language</source>
        <translation>Wahrscheinlichkeit der erwarteten Sprache</translation>
    </message>
    <message>
        <location filename="../app/services/TagCommand.cpp" line="+22" />
        <source>Tag “%1”</source>
        <translation>Tag „%1“ setzen</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Untag “%1”</source>
        <translation>Tag „%1“ entfernen</translation>
    </message>
    <message>
        <location filename="../app/services/MixtureViews.cpp" line="+129" />
        <source>Dev loss: the %1 groups of the largest λ^t of %2, and J^t.</source>
        <translation>Dev-Verlust: die %1 Gruppen mit dem größten λ^t von %2, und J^t.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>J^t (under λ^t)</source>
        <translation>J^t (unter λ^t)</translation>
    </message>
    <message>
        <location line="+38" />
        <source>λ^t from `mixture target`: build a kit with it as the target (--target FILE).</source>
        <translation>λ^t aus `mixture target`: damit ein Kit als Ziel erstellen (--target FILE).</translation>
    </message>
    <message>
        <location line="+41" />
        <source>The kit this run trained on (%1) is not there any more: no group table.</source>
        <translation>Das Kit dieses Laufs (%1) ist nicht mehr da: keine Gruppentabelle.</translation>
    </message>
    <message>
        <location line="+32" />
        <source>λ over training: %1</source>
        <translation>λ über das Training: %1</translation>
    </message>
    <message>
        <location line="+3" />
        <source>No λ trajectory in this kit: open a schedule, a `mixture train` folder or a trainer's log.</source>
        <translation>Kein λ-Verlauf in diesem Kit: öffnen Sie einen Zeitplan, einen `mixture train`-Ordner oder das Log eines Trainers.</translation>
    </message>
</context>
<context>
    <name>RemovalTableModel</name>
    <message>
        <location filename="../widgets/models/RemovalTableModel.cpp" line="+56" />
        <source>#%1: %2</source>
        <translation>#%1: %2</translation>
    </message>
    <message>
        <location line="+18" />
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Removed sentence</source>
        <translation>Entfernter Satz</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Kept sentence it duplicates</source>
        <translation>Behaltener Satz, den er dupliziert</translation>
    </message>
</context>
<context>
    <name>RunListModel</name>
    <message>
        <location filename="../app/services/RunListModel.cpp" line="+29" />
        <source>clustering</source>
        <translation>Clustering</translation>
    </message>
    <message>
        <location line="+1" />
        <source>selection</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <location line="+1" />
        <source>k sweep</source>
        <translation>k-Durchlauf</translation>
    </message>
    <message>
        <location line="+1" />
        <source>layer sweep</source>
        <translation>Schicht-Durchlauf</translation>
    </message>
    <message>
        <location line="+1" />
        <source>cleaning filter</source>
        <translation>Bereinigungsfilter</translation>
    </message>
    <message>
        <location line="+19" />
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Corpus</source>
        <translation>Korpus</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Created (UTC)</source>
        <translation>Erstellt (UTC)</translation>
    </message>
</context>
<context>
    <name>ScatterPlotView</name>
    <message>
        <location filename="../widgets/plots/ScatterPlotView.cpp" line="+32" />
        <source>PC1</source>
        <translation>PC1</translation>
    </message>
    <message>
        <location line="+1" />
        <source>PC2</source>
        <translation>PC2</translation>
    </message>
    <message>
        <location line="+68" />
        <source>Pan/zoom</source>
        <translation>Zoomen</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Drag to pan, wheel to zoom</source>
        <translation>Ziehen zum Verschieben, Mausrad zum Zoomen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Rectangle</source>
        <translation>Rechteck</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Drag a rectangle to select points (Shift adds)</source>
        <translation>Rechteck ziehen, um Punkte auszuwählen (Umschalt fügt hinzu)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Lasso</source>
        <translation>Lasso</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Draw around points to select them (Shift adds)</source>
        <translation>Punkte umfahren, um sie auszuwählen (Umschalt fügt hinzu)</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Reset view</source>
        <translation>Gesamtansicht</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Show all points</source>
        <translation>Alle Punkte zeigen</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Clear selection</source>
        <translation>Abwählen</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Deselect all points</source>
        <translation>Alle Punkte abwählen</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Save the plot as PNG, SVG or PDF</source>
        <translation>Diagramm als PNG, SVG oder PDF speichern</translation>
    </message>
    <message>
        <location line="+2" />
        <source>scatter</source>
        <translation>streudiagramm</translation>
    </message>
    <message>
        <location line="+79" />
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+12" />
        <source>+%1 more (%2): the legend lists the %3 largest</source>
        <translation>+%1 weitere (%2): die Legende zeigt die %3 größten</translation>
    </message>
    <message>
        <location line="+219" />
        <source>No points</source>
        <translation>Keine Punkte</translation>
    </message>
    <message>
        <location line="+1" />
        <source> of %1</source>
        <translation> von %1</translation>
    </message>
    <message>
        <location line="+2" />
        <source> · %1 without coordinates</source>
        <translation> · %1 ohne Koordinaten</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Density of %1 points%2</source>
        <translation>Dichte von %1 Punkten%2</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 points%2, drawn as dots</source>
        <translation>%1 Punkte%2, als Pixel gezeichnet</translation>
    </message>
    <message>
        <location line="+3" />
        <source>%1 points%2</source>
        <translation>%1 Punkte%2</translation>
    </message>
    <message>
        <location line="+6" />
        <source> · %1 in the cut (k = %2)</source>
        <translation> · %1 im Schnitt (k = %2)</translation>
    </message>
    <message>
        <location line="+1" />
        <source> · %1 selected</source>
        <translation> · %1 ausgewählt</translation>
    </message>
    <message>
        <location line="+89" />
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <location line="+0" />
        <source>value</source>
        <translation>Wert</translation>
    </message>
</context>
<context>
    <name>ScoreCdfView</name>
    <message>
        <location filename="../widgets/plots/ScoreCdfView.cpp" line="+19" />
        <source>Share ≤ score</source>
        <translation>Anteil ≤ Score</translation>
    </message>
</context>
<context>
    <name>ScoreHistogramView</name>
    <message>
        <location filename="../widgets/plots/ScoreHistogramView.cpp" line="+27" />
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sentences</source>
        <translation>Sätze</translation>
    </message>
    <message>
        <location line="+3" />
        <source>not selected</source>
        <translation>nicht ausgewählt</translation>
    </message>
    <message>
        <location line="+4" />
        <source>selected</source>
        <translation>ausgewählt</translation>
    </message>
    <message>
        <location line="+5" />
        <source>labelled in-domain</source>
        <translation>als domänenintern markiert</translation>
    </message>
    <message>
        <location line="+29" />
        <source>Recall</source>
        <translation>Recall</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Precision</source>
        <translation>Precision</translation>
    </message>
    <message>
        <location line="+11" />
        <source>No domain labels in this pool:
precision and recall are not available.</source>
        <translation>Keine Domänenlabels in diesem Pool:
Precision und Recall sind nicht verfügbar.</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Sentences scoring at least this much are selected (drag the line in the histogram).</source>
        <translation>Sätze mit mindestens diesem Score werden ausgewählt (Linie im Histogramm ziehen).</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Select this many best-scoring sentences.</source>
        <translation>So viele bestbewertete Sätze auswählen.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>scores</source>
        <translation>scores</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Threshold:</source>
        <translation>Schwellenwert:</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Top k:</source>
        <translation>Top k:</translation>
    </message>
    <message>
        <location line="+47" />
        <source>at least</source>
        <translation>mindestens</translation>
    </message>
    <message>
        <location line="+0" />
        <source>at most</source>
        <translation>höchstens</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Sentences scoring %1 this much are selected (drag the line in the histogram).</source>
        <translation>Sätze mit einem Score von %1 diesem Wert werden ausgewählt (Linie im Histogramm ziehen).</translation>
    </message>
    <message>
        <location line="+114" />
        <source>No scores</source>
        <translation>Keine Scores</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Selected %1 of %2 (%3%)</source>
        <translation>%1 von %2 ausgewählt (%3 %)</translation>
    </message>
    <message>
        <location line="+3" />
        <source> — %1 tie at the threshold</source>
        <translation> — %1 gleichauf am Schwellenwert</translation>
    </message>
    <message>
        <location line="+3" />
        <source> · precision %1 · recall %2 · F1 %3</source>
        <translation> · Precision %1 · Recall %2 · F1 %3</translation>
    </message>
    <message>
        <location line="+25" />
        <source>threshold %1</source>
        <translation>Schwellenwert %1</translation>
    </message>
</context>
<context>
    <name>SearchExplorer</name>
    <message>
        <location filename="../app/panels/SearchExplorer.cpp" line="+31" />
        <source>Type or paste a sentence (neighbours) or words (full text)</source>
        <translation>Satz eingeben oder einfügen (Nachbarn) oder Wörter (Volltext)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>How many nearest sentences to list</source>
        <translation>Wie viele nächste Sätze aufgelistet werden</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Find neighbours</source>
        <translation>Nachbarn finden</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Encode the sentence with the corpus's model, show where it lands and its nearest sentences (cosine).</source>
        <translation>Den Satz mit dem Modell des Korpus kodieren, zeigen, wo er landet, und seine nächsten Sätze (Kosinus).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Find words</source>
        <translation>Wörter finden</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Full-text search: sentences containing every word (word* matches a prefix).</source>
        <translation>Volltextsuche: Sätze, die jedes Wort enthalten (wort* passt auf ein Präfix).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Save list…</source>
        <translation>Liste speichern…</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tag, untag, include or exclude the listed results (Edit &gt; Undo takes it back).</source>
        <translation>Die aufgelisteten Ergebnisse markieren, Tag entfernen, aufnehmen oder ausschließen (Bearbeiten &gt; Rückgängig nimmt es zurück).</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Neighbours:</source>
        <translation>Nachbarn:</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Show a clustering run to search on its map.</source>
        <translation>Zeigen Sie einen Clusterlauf, um auf seiner Karte zu suchen.</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Double-click a sentence to find its neighbours.</source>
        <translation>Doppelklicken Sie auf einen Satz, um seine Nachbarn zu finden.</translation>
    </message>
    <message>
        <location line="+54" />
        <source>Run #%1: preparing the map…</source>
        <translation>Lauf #%1: Karte wird vorbereitet…</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Run #%1: type a sentence and press Enter, or words and Find words.</source>
        <translation>Lauf #%1: Satz eingeben und Enter drücken, oder Wörter und Wörter finden.</translation>
    </message>
    <message numerus="yes">
        <location line="+16" />
        <source>the %n listed search result(s)</source>
        <translation>
            <numerusform>das %n aufgelistete Suchergebnis</numerusform>
            <numerusform>die %n aufgelisteten Suchergebnisse</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15" />
        <source>Encoding the sentence and comparing it with %1 stored vectors…</source>
        <translation>Der Satz wird kodiert und mit %1 gespeicherten Vektoren verglichen…</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Find the neighbours of a sentence</source>
        <translation>Die Nachbarn eines Satzes finden</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message numerus="yes">
        <location line="+13" />
        <source>%n nearest of %1 sentences (cosine, exact).</source>
        <translation>
            <numerusform>%n nächster von %1 Sätzen (Kosinus, exakt).</numerusform>
            <numerusform>%n nächste von %1 Sätzen (Kosinus, exakt).</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3" />
        <source>The yellow diamond is where the sentence lands; rings are its neighbours.</source>
        <translation>Die gelbe Raute zeigt, wo der Satz landet; Ringe sind seine Nachbarn.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Not placed on the map: %1</source>
        <translation>Nicht auf der Karte platziert: %1</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
    <message>
        <location line="+13" />
        <source>Indexing the corpus for full-text search (once)…</source>
        <translation>Das Korpus wird für die Volltextsuche indiziert (einmalig)…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Full-text index</source>
        <translation>Volltextindex</translation>
    </message>
    <message>
        <location line="+16" />
        <source>%1 sentences contain “%2”.</source>
        <translation>%1 Sätze enthalten „%2“.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The first %1 are listed.</source>
        <translation>Die ersten %1 sind aufgelistet.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1 are marked on the map.</source>
        <translation>%1 sind auf der Karte markiert.</translation>
    </message>
</context>
<context>
    <name>SearchHitModel</name>
    <message>
        <location filename="../widgets/models/SearchHitModel.cpp" line="+47" />
        <source>%1
(not on this map)</source>
        <translation>%1
(nicht auf dieser Karte)</translation>
    </message>
    <message>
        <location line="+8" />
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cosine</source>
        <translation>Kosinus</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Domain</source>
        <translation>Domäne</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sentence</source>
        <translation>Satz</translation>
    </message>
</context>
<context>
    <name>SelectDialog</name>
    <message>
        <location filename="../widgets/dialogs/SelectDialog.cpp" line="+28" />
        <source>Select in-domain data</source>
        <translation>Domänendaten auswählen</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Domain-Cosine (similarity to the seed mean)</source>
        <translation>Domain-Cosine (Ähnlichkeit zum Seed-Mittelwert)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Domain-Finetune on frozen vectors (a classifier, two positive-unlabeled rounds)</source>
        <translation>Domain-Finetune auf festen Vektoren (ein Klassifikator, zwei Positive-Unlabeled-Runden)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Domain-Finetune training the whole encoder (slow without a GPU)</source>
        <translation>Domain-Finetune mit Training des ganzen Encoders (langsam ohne GPU)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Moore-Lewis (n-gram cross-entropy difference)</source>
        <translation>Moore-Lewis (Kreuzentropie-Differenz von n-Gramm-Modellen)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Axelrod (bilingual Moore-Lewis)</source>
        <translation>Axelrod (zweisprachiges Moore-Lewis)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>In vs pseudo-out contrast (iterated)</source>
        <translation>In- vs. Pseudo-Out-Kontrast (iteriert)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Invitation model (latent in/out domains, IBM-1 tables + LMs, EM; bilingual)</source>
        <translation>Invitation-Modell (latente In-/Out-Domänen, IBM-1-Tabellen + LMs, EM; zweisprachig)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cross-lingual (seed and pool in different languages)</source>
        <translation>Sprachübergreifend (Seed und Pool in verschiedenen Sprachen)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Trains every weight of the encoder. Measured with the default encoder, on a GPU too: no better than Domain-Finetune on frozen vectors.</source>
        <translation>Trainiert alle Gewichte des Encoders. Gemessen mit dem Standard-Encoder, auch auf einer GPU: nicht besser als Domain-Finetune auf festen Vektoren.</translation>
    </message>
    <message>
        <location line="+14" />
        <source>(all sentences)</source>
        <translation>(alle Sätze)</translation>
    </message>
    <message>
        <location line="+11" />
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Use a random sample of this many seed sentences (they are left out of the ranking).</source>
        <translation>Eine Zufallsstichprobe mit so vielen Seed-Sätzen verwenden (sie werden nicht gerankt).</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Lowest by LM contrast (Axelrod)</source>
        <translation>Niedrigste Scores im LM-Kontrast (Axelrod)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Lowest by lexical tables (IBM Model 1)</source>
        <translation>Niedrigste Scores nach lexikalischen Tabellen (IBM Model 1)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Source side</source>
        <translation>Quellseite</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Target side</source>
        <translation>Zielseite</translation>
    </message>
    <message>
        <location line="+3" />
        <source>One side</source>
        <translation>Eine Seite</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Both sides, summed (bilingual contrast)</source>
        <translation>Beide Seiten, summiert (bilingualer Kontrast)</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Settings of the method</source>
        <translation>Einstellungen der Methode</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Method default (top 10%; Domain-Finetune: p &gt; 0.5)</source>
        <translation>Methodenstandard (oberste 10 %; Domain-Finetune: p &gt; 0,5)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Top k:</source>
        <translation>Top k:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Score at least:</source>
        <translation>Score mindestens:</translation>
    </message>
    <message>
        <location line="+17" />
        <source>&amp;Method:</source>
        <translation>&amp;Methode:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Pool:</source>
        <translation>&amp;Pool:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Filter run:</source>
        <translation>&amp;Filterlauf:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Seed corpus:</source>
        <translation>&amp;Seed-Korpus:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Seed &amp;domain:</source>
        <translation>Seed-&amp;Domäne:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Seed sa&amp;mple:</source>
        <translation>Seed-Stich&amp;probe:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sample s&amp;eed:</source>
        <translation>Start&amp;wert der Stichprobe:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pa&amp;rallel corpus:</source>
        <translation>Pa&amp;ralleles Korpus:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Iterations:</source>
        <translation>&amp;Iterationen:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pseudo-&amp;out set:</source>
        <translation>Pseudo-&amp;Out-Menge:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Si&amp;des:</source>
        <translation>Sei&amp;ten:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sid&amp;e:</source>
        <translation>S&amp;eite:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cut:</source>
        <translation>Schnitt:</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Select</source>
        <translation>Auswählen</translation>
    </message>
</context>
<context>
    <name>SelectMethodSettings</name>
    <message>
        <location filename="../widgets/dialogs/SelectMethodSettings.cpp" line="+31" />
        <source>(the method's default)</source>
        <translation>(Vorgabe der Methode)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>DomainLens's (measured defaults)</source>
        <translation>DomainLens (gemessene Vorgaben)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The paper's</source>
        <translation>Wie im Paper</translation>
    </message>
    <message>
        <location line="+14" />
        <source>The method's default</source>
        <translation>Vorgabe der Methode</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The seed's words (the papers')</source>
        <translation>Wörter des Seeds (wie in den Papers)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The seed's and the pool's words</source>
        <translation>Wörter von Seed und Pool</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Automatic (none for a multilingual encoder)</source>
        <translation>Automatisch (keine für einen mehrsprachigen Encoder)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Vu et al.'s two-layer network</source>
        <translation>Zweischichtiges Netz von Vu et al.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Residual (starts as the identity)</source>
        <translation>Residual (beginnt als Identität)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>None: the DF baseline on unaligned vectors</source>
        <translation>Keine: die DF-Baseline auf nicht angeglichenen Vektoren</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Symmetric InfoNCE</source>
        <translation>Symmetrisches InfoNCE</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Eq. 1 (one direction, negatives only)</source>
        <translation>Gl. 1 (eine Richtung, nur Negative)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Keep the aligned vectors g(x) as embedding sets</source>
        <translation>Die angeglichenen Vektoren g(x) als Embedding-Sets behalten</translation>
    </message>
    <message>
        <location line="+5" />
        <source>En&amp;coder:</source>
        <translation>En&amp;coder:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Prese&amp;t:</source>
        <translation>Vorgabese&amp;t:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>C&amp;lassifiers:</source>
        <translation>K&amp;lassifikatoren:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>PU ro&amp;unds:</source>
        <translation>PU-R&amp;unden:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Epoc&amp;hs:</source>
        <translation>Epoc&amp;hen:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Rou&amp;nds:</source>
        <translation>Ru&amp;nden:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>LM &amp;vocabulary:</source>
        <translation>LM-&amp;Vokabular:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Adaptive layer:</source>
        <translation>&amp;Adaptive Schicht:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Contrasti&amp;ve loss:</source>
        <translation>Kontrasti&amp;ver Verlust:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ne&amp;gatives:</source>
        <translation>Ne&amp;gative:</translation>
    </message>
    <message>
        <location line="+43" />
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>SelectionExplorer</name>
    <message>
        <location filename="../app/panels/SelectionExplorer.cpp" line="+32" />
        <source>No selection run yet: use Analysis → Select In-Domain Data…</source>
        <translation>Noch kein Auswahllauf: Analyse → Domänendaten auswählen…</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Sentence nearest the cut</source>
        <translation>Satz nahe am Schnitt</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Include</source>
        <translation>Einschließen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Exclude</source>
        <translation>Ausschließen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Export this cut…</source>
        <translation>Diesen Schnitt exportieren…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Keep the selected sentences whatever their score (saved in the project; Ctrl+Z undoes).</source>
        <translation>Die gewählten Sätze unabhängig vom Score behalten (im Projekt gespeichert; Strg+Z macht rückgängig).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Drop the selected sentences whatever their score (saved in the project; Ctrl+Z undoes).</source>
        <translation>Die gewählten Sätze unabhängig vom Score verwerfen (im Projekt gespeichert; Strg+Z macht rückgängig).</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Cumulative distribution of the scores over the pool (Vu et al. 2021, Fig. 6).</source>
        <translation>Kumulative Verteilung der Scores über den Pool (Vu et al. 2021, Abb. 6).</translation>
    </message>
    <message>
        <location line="+33" />
        <source>Decisions saved.</source>
        <translation>Entscheidungen gespeichert.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Decisions NOT saved: %1</source>
        <translation>Entscheidungen NICHT gespeichert: %1</translation>
    </message>
    <message>
        <location line="+127" />
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location line="+16" />
        <source>Cannot read the sentences: %1</source>
        <translation>Die Sätze können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="-118" />
        <source> — labelled in-domain: %1</source>
        <translation> — als domänenintern markiert: %1</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+3" />
        <location line="+6" />
        <source>%1 score</source>
        <translation>%1-Score</translation>
    </message>
    <message>
        <location line="+62" />
        <source>Saving decisions…</source>
        <translation>Entscheidungen werden gespeichert…</translation>
    </message>
    <message>
        <location line="+27" />
        <source>included by hand</source>
        <translation>von Hand eingeschlossen</translation>
    </message>
    <message>
        <location line="+0" />
        <source>excluded by hand</source>
        <translation>von Hand ausgeschlossen</translation>
    </message>
    <message>
        <location line="+1" />
        <source>selected</source>
        <translation>ausgewählt</translation>
    </message>
    <message>
        <location line="+0" />
        <source>not selected</source>
        <translation>nicht ausgewählt</translation>
    </message>
</context>
<context>
    <name>SelectionOnMap</name>
    <message>
        <location filename="../app/panels/SelectionOnMap.cpp" line="+78" />
        <source>run #%1 %2</source>
        <translation>Lauf #%1 %2</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../widgets/dialogs/SettingsDialog.cpp" line="+12" />
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <location line="+2" />
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <location line="+7" />
        <source>automatic</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Padded tokens per forward pass: larger is faster until memory runs out.</source>
        <translation>Aufgefüllte Tokens pro Vorwärtsdurchlauf: größer ist schneller, bis der Speicher ausgeht.</translation>
    </message>
    <message>
        <location line="+22" />
        <source>Loading models…</source>
        <translation>Modelle werden geladen…</translation>
    </message>
    <message>
        <location line="+5" />
        <source>The installed default model</source>
        <translation>Das installierte Standardmodell</translation>
    </message>
    <message>
        <location line="-21" />
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The language applies the next time DomainLens starts.</source>
        <translation>Die Sprache gilt ab dem nächsten Start von DomainLens.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Encoder &amp;threads:</source>
        <translation>Encoder-&amp;Threads:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Batch size (tokens):</source>
        <translation>&amp;Batchgröße (Tokens):</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Default &amp;model:</source>
        <translation>Standard&amp;modell:</translation>
    </message>
</context>
<context>
    <name>SweepPlotView</name>
    <message>
        <location filename="../widgets/plots/SweepPlotView.cpp" line="+21" />
        <source>k (mixture components)</source>
        <translation>k (Mischungskomponenten)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Criterion (lower is better)</source>
        <translation>Kriterium (kleiner ist besser)</translation>
    </message>
    <message>
        <location line="+8" />
        <source>sweep</source>
        <translation>durchlauf</translation>
    </message>
    <message>
        <location line="+84" />
        <source>min at %1</source>
        <translation>Minimum bei %1</translation>
    </message>
    <message>
        <location line="+0" />
        <source>max at %1</source>
        <translation>Max. bei %1</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1: lowest at %2</source>
        <translation>%1: Minimum bei %2</translation>
    </message>
    <message>
        <location line="-1" />
        <source>%1: highest at %2</source>
        <translation>%1: am höchsten bei %2</translation>
    </message>
</context>
<context>
    <name>TableExport</name>
    <message>
        <location filename="../widgets/models/TableExport.cpp" line="+51" />
        <location line="+5" />
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../widgets/plots/TableExportDialog.cpp" line="+10" />
        <location line="+5" />
        <source>Export table</source>
        <translation>Tabelle exportieren</translation>
    </message>
    <message>
        <location line="-4" />
        <source>CSV table (*.csv)</source>
        <translation>CSV-Tabelle (*.csv)</translation>
    </message>
</context>
<context>
    <name>TagCheckList</name>
    <message>
        <location filename="../widgets/dialogs/CleaningWidgets.cpp" line="+30" />
        <source>%1 (%2 sentences)</source>
        <translation>%1 (%2 Sätze)</translation>
    </message>
</context>
<context>
    <name>UpSetView</name>
    <message>
        <location filename="../widgets/plots/UpSetView.cpp" line="+20" />
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Save the chart as PNG, SVG or PDF</source>
        <translation>Das Diagramm als PNG, SVG oder PDF speichern</translation>
    </message>
    <message>
        <location line="+3" />
        <source>intersections</source>
        <translation>Schnittmengen</translation>
    </message>
    <message>
        <location line="+38" />
        <source>Sentences in exactly these top-k sets</source>
        <translation>Sätze in genau diesen Top-k-Mengen</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="+46" />
        <source>DomainLens workbench</source>
        <translation>DomainLens-Werkbank</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Project file to open.</source>
        <translation>Zu öffnende Projektdatei.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Save a PNG of every view into DIR and quit (documentation).</source>
        <translation>Ein PNG jeder Ansicht in DIR speichern und beenden (Dokumentation).</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Interface language (de, en, fr) for this run; overrides the setting.</source>
        <translation>Sprache der Oberfläche (de, en, fr) für diesen Start; hat Vorrang vor der Einstellung.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Explore CORPUS of PROJECT: its first map opens as soon as it is stored, the rest is encoded and assigned in the background (Analysis &gt; Explore Corpus).</source>
        <translation>CORPUS aus PROJECT erkunden: die erste Karte öffnet sich, sobald sie gespeichert ist, der Rest wird im Hintergrund kodiert und zugeordnet (Analyse &gt; Korpus erkunden).</translation>
    </message>
    <message>
        <location line="+7" />
        <source>With --explore: one of explore's options as NAME=VALUE (sample=5000, model=all-MiniLM-L6-v2, k=7; see domainlens-cli explore --help).</source>
        <translation>Mit --explore: eine Option von explore als NAME=WERT (sample=5000, model=all-MiniLM-L6-v2, k=7; siehe domainlens-cli explore --help).</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Open a mixture kit, a `mixture train` folder or a λ trajectory file on the Mixture tab (repeatable: with --screenshots, one shot each; PROJECT is then optional).</source>
        <translation>Ein Mischungs-Kit, einen `mixture train`-Ordner oder eine λ-Verlaufsdatei im Tab Mischung öffnen (wiederholbar: mit --screenshots je ein Bild; PROJECT ist dann optional).</translation>
    </message>
</context>
</TS>