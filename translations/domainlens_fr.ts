<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>AlignmentView</name>
    <message>
        <location filename="../app/services/AlignmentQueries.cpp" line="+30" />
        <source>Run #%1 is not a cross-lingual selection run with a stored alignment sample (run it again to get one).</source>
        <translation>L'exécution n°%1 n'est pas une sélection interlingue avec un échantillon d'alignement stocké (relancez-la pour en obtenir un).</translation>
    </message>
    <message>
        <location line="+32" />
        <source>Run #%1: %2 held-out translation pairs, one PCA per panel. Mean cosine of a sentence and its translation: %3 before, %4 after the adaptive layer (Vu et al. 2021, Figs. 3-4).</source>
        <translation>Exécution n°%1 : %2 paires de traduction réservées, une ACP par panneau. Cosinus moyen d'une phrase et de sa traduction : %3 avant, %4 après la couche adaptative (Vu et al. 2021, fig. 3-4).</translation>
    </message>
    <message>
        <location filename="../widgets/plots/AlignmentView.cpp" line="+30" />
        <source>Show a cross-lingual selection run to see its alignment.</source>
        <translation>Affichez une exécution de sélection interlingue pour voir son alignement.</translation>
    </message>
    <message>
        <location line="+2" />
        <location line="+112" />
        <source>Hover a point to join it to its translation.</source>
        <translation>Survolez un point pour le relier à sa traduction.</translation>
    </message>
    <message>
        <location line="-109" />
        <source>Before the adaptive layer</source>
        <translation>Avant la couche adaptative</translation>
    </message>
    <message>
        <location line="+1" />
        <source>After the adaptive layer</source>
        <translation>Après la couche adaptative</translation>
    </message>
    <message>
        <location line="+24" />
        <source>PC1</source>
        <translation>CP1</translation>
    </message>
    <message>
        <location line="+1" />
        <source>PC2</source>
        <translation>CP2</translation>
    </message>
    <message>
        <location line="+39" />
        <source>Language A</source>
        <translation>Langue A</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Language B</source>
        <translation>Langue B</translation>
    </message>
</context>
<context>
    <name>BoundaryModel</name>
    <message>
        <location filename="../widgets/models/BoundaryModel.cpp" line="+32" />
        <source>removed</source>
        <translation>retirée</translation>
    </message>
    <message>
        <location line="+0" />
        <source>kept</source>
        <translation>gardée</translation>
    </message>
    <message>
        <location line="+19" />
        <source>At this threshold</source>
        <translation>À ce seuil</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sentence</source>
        <translation>Phrase</translation>
    </message>
</context>
<context>
    <name>BulkActions</name>
    <message>
        <location filename="../app/panels/BulkActions.cpp" line="+22" />
        <source>Include and Exclude are decisions on a selection run: open one on the Selection tab first.</source>
        <translation>Inclure et Exclure sont des décisions sur une exécution de sélection : ouvrez-en d’abord une dans l’onglet Sélection.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Tag…</source>
        <translation>Étiqueter…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Give these sentences a tag (Edit &gt; Undo takes it back).</source>
        <translation>Donner une étiquette à ces phrases (Édition &gt; Annuler la retire).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Untag…</source>
        <translation>Retirer une étiquette…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Take a tag off these sentences (Edit &gt; Undo puts it back).</source>
        <translation>Retirer une étiquette de ces phrases (Édition &gt; Annuler la remet).</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Include in the selection</source>
        <translation>Inclure dans la sélection</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Exclude from the selection</source>
        <translation>Exclure de la sélection</translation>
    </message>
    <message>
        <location line="+7" />
        <source>A decision on selection run #%1 for the sentences it ranks (Edit &gt; Undo takes it back).</source>
        <translation>Une décision sur l’exécution de sélection n° %1 pour les phrases qu’elle classe (Édition &gt; Annuler la reprend).</translation>
    </message>
    <message>
        <location line="+24" />
        <location line="+12" />
        <source>Tag sentences</source>
        <translation>Étiqueter des phrases</translation>
    </message>
    <message>
        <location line="-12" />
        <location line="+12" />
        <source>Untag sentences</source>
        <translation>Retirer l’étiquette des phrases</translation>
    </message>
    <message>
        <location line="-11" />
        <source>Tag for %1:</source>
        <translation>Étiquette pour %1 :</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Tag to take off %1:</source>
        <translation>Étiquette à retirer de %1 :</translation>
    </message>
    <message>
        <location line="+19" />
        <source>The tag could not be saved: %1</source>
        <translation>L'étiquette n'a pas pu être enregistrée : %1</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Tagged %1 “%2”.</source>
        <translation>%1 étiquetées « %2 ».</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Took “%2” off %1.</source>
        <translation>« %2 » retirée de %1.</translation>
    </message>
    <message>
        <location line="+5" />
        <location line="+42" />
        <source>Selection</source>
        <translation>Sélection</translation>
    </message>
    <message numerus="yes">
        <location line="-9" />
        <source>Included %n sentence(s) of %1 in selection run #%2.</source>
        <translation>
            <numerusform>%n phrase de %1 incluse dans l’exécution de sélection n° %2.</numerusform>
            <numerusform>%n phrases de %1 incluses dans l’exécution de sélection n° %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1" />
        <source>Excluded %n sentence(s) of %1 from selection run #%2.</source>
        <translation>
            <numerusform>%n phrase de %1 exclue de l’exécution de sélection n° %2.</numerusform>
            <numerusform>%n phrases de %1 exclues de l’exécution de sélection n° %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5" />
        <source>%n sentence(s) are not in the run's pool and were left alone.</source>
        <translation>
            <numerusform>%n phrase n’est pas dans le pool de l’exécution et reste inchangée.</numerusform>
            <numerusform>%n phrases ne sont pas dans le pool de l’exécution et restent inchangées.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CentroidCosineModel</name>
    <message>
        <location filename="../widgets/models/CentroidCosineModel.cpp" line="+92" />
        <source>%1 and %2: centroid cosine %3</source>
        <translation>%1 et %2 : cosinus des centroïdes %3</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 and %2: no centroid cosine stored</source>
        <translation>%1 et %2 : aucun cosinus des centroïdes enregistré</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Score (trained on %1, tested on %2): %3</source>
        <translation>Score (entraîné sur %1, testé sur %2) : %3</translation>
    </message>
</context>
<context>
    <name>CentroidScoreView</name>
    <message>
        <location filename="../widgets/plots/CentroidScoreView.cpp" line="+17" />
        <source>Domain-centroid cosine</source>
        <translation>Cosinus des centroïdes de domaine</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Score (from the file)</source>
        <translation>Score (du fichier)</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Different domains</source>
        <translation>Domaines différents</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Same domain (trained and tested on one)</source>
        <translation>Même domaine (entraîné et testé sur un seul)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>centroid-cosine-vs-score</source>
        <translation>cosinus-centroides-contre-score</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Fig. 4: domain-centroid cosine against the scores, one point per (train, test) pair</source>
        <translation>Fig. 4 : cosinus des centroïdes de domaine contre les scores, un point par paire (entraînement, test)</translation>
    </message>
</context>
<context>
    <name>CleaningPanel</name>
    <message>
        <location filename="../app/panels/CleaningPanel.cpp" line="+58" />
        <location line="+135" />
        <source>No filter run yet: Analysis &gt; Filter Corpus… cleans a corpus.</source>
        <translation>Pas encore de filtrage : Analyse &gt; Filtrer le corpus… nettoie un corpus.</translation>
    </message>
    <message>
        <location line="-130" />
        <source>Rule</source>
        <translation>Règle</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Input</source>
        <translation>Entrée</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Failed</source>
        <translation>Échoués</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Removed</source>
        <translation>Retirées</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Kept</source>
        <translation>Gardées</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Groups</source>
        <translation>Groupes</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Domain / cluster</source>
        <translation>Domaine / cluster</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Before</source>
        <translation>Avant</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Share</source>
        <translation>Part</translation>
    </message>
    <message>
        <location line="+0" />
        <source>After</source>
        <translation>Après</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Change</source>
        <translation>Écart</translation>
    </message>
    <message>
        <location line="+2" />
        <source>past the line</source>
        <translation>au-delà de la ligne</translation>
    </message>
    <message>
        <location line="+0" />
        <source>short of the line</source>
        <translation>en deçà de la ligne</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 of %2 removed sentences past the line (%3%)</source>
        <translation>%1 des %2 phrases retirées au-delà de la ligne (%3 %)</translation>
    </message>
    <message>
        <location line="+29" />
        <source>All removed</source>
        <translation>Toutes les retirées</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tag, untag, include or exclude every sentence this run removed (Edit &gt; Undo takes it back).</source>
        <translation>Étiqueter, désétiqueter, inclure ou exclure chaque phrase retirée par cette exécution (Édition &gt; Annuler le reprend).</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Removed by the rule</source>
        <translation>Retirées par la règle</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tag, untag, include or exclude the sentences the rule chosen in the table above removed (Edit &gt; Undo takes it back).</source>
        <translation>Étiqueter, désétiqueter, inclure ou exclure les phrases retirées par la règle choisie dans le tableau ci-dessus (Édition &gt; Annuler le reprend).</translation>
    </message>
    <message>
        <location line="+160" />
        <source>Percentile %1 of the removed sentences' scores: %2 of %3 would stay removed, %4 would be kept.</source>
        <translation>Percentile %1 des scores des phrases retirées : %2 sur %3 resteraient retirées, %4 seraient gardées.</translation>
    </message>
    <message numerus="yes">
        <location line="+93" />
        <source>the %n sentence(s) filter run #%1 removed</source>
        <translation>
            <numerusform>la %n phrase retirée par l’exécution de filtre n° %1</numerusform>
            <numerusform>les %n phrases retirées par l’exécution de filtre n° %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7" />
        <source>the %n sentence(s) rule %1 of filter run #%2 removed</source>
        <translation>
            <numerusform>la %n phrase retirée par la règle %1 de l’exécution de filtre n° %2</numerusform>
            <numerusform>les %n phrases retirées par la règle %1 de l’exécution de filtre n° %2</numerusform>
        </translation>
    </message>
    <message>
        <location line="-249" />
        <source>Kept and removed per rule</source>
        <translation>Gardées et retirées par règle</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Composition before and after</source>
        <translation>Composition avant et après</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Scores of the removed sentences</source>
        <translation>Scores des phrases retirées</translation>
    </message>
    <message>
        <location line="+14" />
        <source>A filter run stores a score for its removed sentences only (a kept sentence has none), so the histogram, the percentile and both sides of the line are over the removed sentences: a threshold moved past the run's own shows which of them a stricter setting would keep.</source>
        <translation>Une exécution de filtre n’enregistre un score que pour les phrases retirées (une phrase gardée n’en a pas) : l’histogramme, le percentile et les deux côtés de la ligne portent donc sur les phrases retirées ; un seuil déplacé au-delà de celui de l’exécution montre celles qu’un réglage plus strict garderait.</translation>
    </message>
    <message>
        <location line="+10" />
        <source>At the boundary</source>
        <translation>À la frontière</translation>
    </message>
    <message>
        <location line="+16" />
        <source>Removed sentences (the ledger)</source>
        <translation>Phrases retirées (le registre)</translation>
    </message>
    <message>
        <location line="+36" />
        <source>&lt;b&gt;Filter run #%1&lt;/b&gt; (%2) on &lt;b&gt;%3&lt;/b&gt;: %4 sentences, %5 kept, %6 removed (%7 %).</source>
        <translation>&lt;b&gt;Filtrage n° %1&lt;/b&gt; (%2) sur &lt;b&gt;%3&lt;/b&gt; : %4 phrases, %5 gardées, %6 retirées (%7 %).</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Parameters: %1</source>
        <translation>Paramètres : %1</translation>
    </message>
    <message>
        <location line="+16" />
        <source>This filter's rules have a threshold each (see the rules' counts): no one score.</source>
        <translation>Chaque règle de ce filtre a son propre seuil (voir les comptes par règle) : pas de score unique.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Nothing was removed.</source>
        <translation>Rien n'a été retiré.</translation>
    </message>
    <message>
        <location line="+28" />
        <source>No one score to set a threshold on.</source>
        <translation>Pas de score unique sur lequel placer un seuil.</translation>
    </message>
    <message>
        <location line="+28" />
        <source>Cannot read the boundary: %1</source>
        <translation>Impossible de lire la frontière : %1</translation>
    </message>
    <message>
        <location line="+15" />
        <source>The ledger could not be read: %1</source>
        <translation>Le registre n'a pas pu être lu : %1</translation>
    </message>
    <message>
        <location line="+35" />
        <source> pp</source>
        <translation> pts</translation>
    </message>
    <message>
        <location line="+5" />
        <source>(no domain)</source>
        <translation>(sans domaine)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Clusters of run #%1</source>
        <translation>Clusters de l'exécution n° %1</translation>
    </message>
    <message>
        <location line="+12" />
        <source>%1 of %2 removed sentences read; scroll down for more.</source>
        <translation>%1 des %2 phrases retirées lues ; faites défiler pour la suite.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>All %1 removed sentences shown.</source>
        <translation>Les %1 phrases retirées sont affichées.</translation>
    </message>
</context>
<context>
    <name>ClusterDialog</name>
    <message>
        <location filename="../widgets/dialogs/ClusterDialog.cpp" line="+21" />
        <source>Cluster sentences</source>
        <translation>Regrouper les phrases</translation>
    </message>
    <message>
        <location line="+13" />
        <source>Sweep k and plot BIC/AIC instead</source>
        <translation>Balayer k et tracer BIC/AIC à la place</translation>
    </message>
    <message>
        <location line="+20" />
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <location line="+4" />
        <source>all rows</source>
        <translation>toutes les lignes</translation>
    </message>
    <message>
        <location line="+1" />
        <source> rows</source>
        <translation> lignes</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Auto (the model's)</source>
        <translation>Auto (celle du modèle)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Full</source>
        <translation>Complète</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Diagonal</source>
        <translation>Diagonale</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Spherical</source>
        <translation>Sphérique</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tied</source>
        <translation>Partagée</translation>
    </message>
    <message>
        <location line="+14" />
        <source>as encoded</source>
        <translation>tel qu'encodé</translation>
    </message>
    <message>
        <location line="+3" />
        <source>L2-normalise each vector</source>
        <translation>Normaliser chaque vecteur (L2)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Standardise each dimension</source>
        <translation>Standardiser chaque dimension</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Whiten the PCA components</source>
        <translation>Blanchir les composantes de l'ACP</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Sweep the encoded layers instead (purity/NMI, silhouette)</source>
        <translation>Balayer les couches encodées à la place (pureté/NMI, silhouette)</translation>
    </message>
    <message>
        <location line="+10" />
        <source>&amp;Corpus:</source>
        <translation>&amp;Corpus :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Filter run:</source>
        <translation>&amp;Filtrage :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Clusters (k):</source>
        <translation>&amp;Groupes (k) :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>k range:</source>
        <translation>Plage de k :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;PCA dimensions:</source>
        <translation>Dimensions &amp;ACP :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>PCA fitted on at &amp;most:</source>
        <translation>ACP a&amp;justée sur au plus :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Co&amp;variance:</source>
        <translation>Co&amp;variance :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Seeds:</source>
        <translation>&amp;Graines :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Restarts per seed:</source>
        <translation>&amp;Redémarrages par graine :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Diagonal loa&amp;d (reg. covar):</source>
        <translation>Charge &amp;diagonale (reg. covar) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Max. EM iterations:</source>
        <translation>&amp;Itérations EM max. :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Layers:</source>
        <translation>Co&amp;uches :</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Cluster</source>
        <translation>Regrouper</translation>
    </message>
</context>
<context>
    <name>ClusterExplorer</name>
    <message>
        <location filename="../app/panels/ClusterExplorer.cpp" line="+31" />
        <source>No clustering run yet: use Analysis → Cluster…</source>
        <translation>Pas encore de regroupement : Analyse → Regrouper…</translation>
    </message>
    <message>
        <location line="+5" />
        <source>True domain</source>
        <translation>Domaine réel</translation>
    </message>
    <message>
        <location line="+1" />
        <source>GMM cluster</source>
        <translation>Groupe GMM</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Colour the map by a category or by any per-sentence value of the corpus's runs.</source>
        <translation>Colorer la carte par une catégorie ou par toute valeur par phrase des exécutions du corpus.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Component ellipses (1σ, 2σ)</source>
        <translation>Ellipses des composantes (1σ, 2σ)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Cluster names…</source>
        <translation>Noms des clusters…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The most distinctive words of each cluster (c-TF-IDF); give clusters your own names.</source>
        <translation>Les mots les plus distinctifs de chaque cluster (c-TF-IDF) ; donnez vos propres noms aux clusters.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Colour by:</source>
        <translation>Colorer par :</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Apply</source>
        <translation>Appliquer</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Run this filter and store its run (Cleaning tab).</source>
        <translation>Exécuter ce filtre et enregistrer son exécution (onglet Nettoyage).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Discard</source>
        <translation>Abandonner</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Forget the preview; nothing was stored.</source>
        <translation>Oublier l’aperçu ; rien n’a été enregistré.</translation>
    </message>
    <message>
        <location line="+17" />
        <source>This corpus has no domain labels: purity and the confusion matrix need them.</source>
        <translation>Ce corpus n'a pas d'étiquettes de domaine : la pureté et la matrice de confusion en ont besoin.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Sentences inside the rectangle or lasso selection of the scatter plot.</source>
        <translation>Phrases dans la sélection rectangle ou lasso du nuage de points.</translation>
    </message>
    <message>
        <location line="+16" />
        <source>Picked sentences</source>
        <translation>Phrases choisies</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tag, untag, include or exclude the sentences picked with the rectangle or lasso (Edit &gt; Undo takes it back).</source>
        <translation>Étiqueter, désétiqueter, inclure ou exclure les phrases choisies au rectangle ou au lasso (Édition &gt; Annuler le reprend).</translation>
    </message>
    <message>
        <location line="+10" />
        <source>A GMM cluster of the map, for the bulk actions beside it.</source>
        <translation>Un cluster GMM de la carte, pour les actions groupées à côté.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tag, untag, include or exclude every sentence of the chosen cluster (Edit &gt; Undo takes it back).</source>
        <translation>Étiqueter, désétiqueter, inclure ou exclure chaque phrase du cluster choisi (Édition &gt; Annuler le reprend).</translation>
    </message>
    <message>
        <location line="+96" />
        <source>Run %1 cannot be shown: %2</source>
        <translation>Le run %1 ne peut pas être affiché : %2</translation>
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
            <numerusform>%n phrase choisie sur la carte</numerusform>
            <numerusform>%n phrases choisies sur la carte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+10" />
        <source>cluster %1 (%n sentence(s))</source>
        <translation>
            <numerusform>cluster %1 (%n phrase)</numerusform>
            <numerusform>cluster %1 (%n phrases)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+14" />
        <source>Preview: removed (1) or kept (0)</source>
        <translation>Aperçu : retirée (1) ou gardée (0)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&lt;b&gt;Preview&lt;/b&gt; (not stored) of %1 on %2: %3 of %4 sentences would be removed (%5); %6 of them on this map.</source>
        <translation>&lt;b&gt;Aperçu&lt;/b&gt; (non enregistré) de %1 sur %2 : %3 phrases sur %4 seraient retirées (%5) ; %6 d’entre elles sur cette carte.</translation>
    </message>
    <message>
        <location line="-292" />
        <source>Selected in the plot:</source>
        <translation>Sélectionnées dans le graphique :</translation>
    </message>
    <message>
        <location line="+62" />
        <source>%1 — preparing the map…</source>
        <translation>%1 — préparation de la carte…</translation>
    </message>
    <message>
        <location line="+96" />
        <source>Reading %1…</source>
        <translation>Lecture de %1…</translation>
    </message>
    <message>
        <location line="+18" />
        <location line="+124" />
        <source>Cannot read the values: %1</source>
        <translation>Impossible de lire les valeurs : %1</translation>
    </message>
    <message>
        <location line="-68" />
        <source>Reading %1 sentences…</source>
        <translation>Lecture de %1 phrases…</translation>
    </message>
    <message>
        <location line="+7" />
        <source>… and %1 more</source>
        <translation>… et %1 de plus</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Cannot read the sentences: %1</source>
        <translation>Impossible de lire les phrases : %1</translation>
    </message>
    <message>
        <location filename="../app/panels/ClusterExplorerNames.cpp" line="+37" />
        <source>Cannot read the cluster names: %1</source>
        <translation>Impossible de lire les noms des clusters : %1</translation>
    </message>
    <message>
        <location line="+53" />
        <source>The cluster names were NOT saved: %1</source>
        <translation>Les noms des clusters n'ont PAS été enregistrés : %1</translation>
    </message>
</context>
<context>
    <name>ClusterNamesDialog</name>
    <message>
        <location filename="../widgets/dialogs/ClusterNamesDialog.cpp" line="+11" />
        <source>Cluster names</source>
        <translation>Noms des clusters</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Cluster</source>
        <translation>Regrouper</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Most distinctive words (c-TF-IDF)</source>
        <translation>Mots les plus distinctifs (c-TF-IDF)</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location line="+16" />
        <source>Type a name to use it on the map and in the confusion matrix; leave it empty to show the words.</source>
        <translation>Saisissez un nom pour l'utiliser sur la carte et dans la matrice de confusion ; laissez vide pour afficher les mots.</translation>
    </message>
</context>
<context>
    <name>ConfusionMatrixModel</name>
    <message>
        <location filename="../widgets/models/ConfusionMatrixModel.cpp" line="+66" />
        <source>%1 sentences of %2 are in %3 (%4 of the domain, %5 of the cluster)</source>
        <translation>%1 phrases de %2 sont dans %3 (%4 du domaine, %5 du groupe)</translation>
    </message>
    <message>
        <location line="+30" />
        <source>%1
%2 sentences</source>
        <translation>%1
%2 phrases</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1: %2 sentences</source>
        <translation>%1 : %2 phrases</translation>
    </message>
</context>
<context>
    <name>ConfusionMatrixView</name>
    <message>
        <location filename="../widgets/plots/ConfusionMatrixView.cpp" line="+36" />
        <source>Rows: true domains. Columns: clusters. Click a cell to browse its sentences.</source>
        <translation>Lignes : domaines réels. Colonnes : groupes. Cliquez sur une cellule pour voir ses phrases.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>&lt;b&gt;True domain × cluster&lt;/b&gt;</source>
        <translation>&lt;b&gt;Domaine réel × groupe&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Cell: sentences (share of the domain's row). Bold: where most of the domain went.</source>
        <translation>Cellule : phrases (part de la ligne du domaine). En gras : où est allée la majeure partie du domaine.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Save image…</source>
        <translation>Enregistrer l'image…</translation>
    </message>
    <message>
        <location line="+3" />
        <location line="+5" />
        <source>confusion</source>
        <translation>confusion</translation>
    </message>
    <message>
        <location line="-3" />
        <source>Export CSV…</source>
        <translation>Exporter en CSV…</translation>
    </message>
</context>
<context>
    <name>CorpusOverlapModel</name>
    <message>
        <location filename="../widgets/models/CorpusOverlapModel.cpp" line="+19" />
        <source>No corpus yet: File &gt; Import Corpus… adds one. Overlap is counted between two corpora.</source>
        <translation>Pas encore de corpus : Fichier &gt; Importer un corpus… en ajoute un. Le recouvrement se compte entre deux corpus.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>This project has a single corpus, so there is no pair to compare. Import another one (a dev or test set with the role dev or test, or a second training corpus) to see which sentences they share.</source>
        <translation>Ce projet n’a qu’un seul corpus : il n’y a pas de paire à comparer. Importez-en un autre (un jeu de dev ou de test avec le rôle dev ou test, ou un second corpus d’entraînement) pour voir les phrases qu’ils partagent.</translation>
    </message>
    <message>
        <location line="+38" />
        <source>train vs dev/test: overlap</source>
        <translation>entraînement vs dev/test : recouvrement</translation>
    </message>
    <message>
        <location line="+0" />
        <source>train vs dev/test: clean</source>
        <translation>entraînement vs dev/test : propre</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Corpus A</source>
        <translation>Corpus A</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Corpus B</source>
        <translation>Corpus B</translation>
    </message>
    <message>
        <location line="+1" />
        <source>A in B</source>
        <translation>A dans B</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Share of A</source>
        <translation>Part de A</translation>
    </message>
    <message>
        <location line="+1" />
        <source>B in A</source>
        <translation>B dans A</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Share of B</source>
        <translation>Part de B</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Shared texts</source>
        <translation>Textes communs</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Hygiene</source>
        <translation>Hygiène des données</translation>
    </message>
</context>
<context>
    <name>CorpusTreeModel</name>
    <message>
        <location filename="../widgets/models/CorpusTreeModel.cpp" line="+49" />
        <source>(unlabelled)</source>
        <translation>(sans étiquette)</translation>
    </message>
    <message>
        <location line="+16" />
        <source>not encoded</source>
        <translation>non encodé</translation>
    </message>
    <message>
        <location line="+2" />
        <source>encoded</source>
        <translation>encodé</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1% encoded</source>
        <translation>%1 % encodé</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Corpus / domain</source>
        <translation>Corpus / domaine</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sentences</source>
        <translation>Phrases</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Share</source>
        <translation>Part</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Languages</source>
        <translation>Langues</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Embeddings</source>
        <translation>Plongements</translation>
    </message>
</context>
<context>
    <name>DisplayText</name>
    <message>
        <location filename="../widgets/models/DisplayText.cpp" line="+16" />
        <source>%1
(%2 characters in all)</source>
        <translation>%1
(%2 caractères au total)</translation>
    </message>
</context>
<context>
    <name>DomainLensError</name>
    <message>
        <location filename="../app/services/ErrorText.cpp" line="+11" />
        <source>Cancelled by the user.</source>
        <translation>Annulé par l'utilisateur.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Out of memory; the unfinished step changed nothing.</source>
        <translation>Mémoire insuffisante ; l'étape inachevée n'a rien modifié.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Internal error: %1</source>
        <translation>Erreur interne : %1</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The project %1 does not exist.</source>
        <translation>Le projet %1 n'existe pas.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1 is a folder, not a project file.</source>
        <translation>%1 est un dossier, pas un fichier de projet.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The file %1 is not a DomainLens project.</source>
        <translation>Le fichier %1 n'est pas un projet DomainLens.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The project %1 was written by a newer DomainLens (schema %2; this version reads up to schema %3). Please update DomainLens.</source>
        <translation>Le projet %1 a été écrit par une version plus récente de DomainLens (schéma %2 ; cette version lit jusqu'au schéma %3). Veuillez mettre à jour DomainLens.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>The project %1 is locked by another program; try again when it has finished.</source>
        <translation>Le projet %1 est verrouillé par un autre programme ; réessayez quand celui-ci aura terminé.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>The project %1 is read-only; nothing was changed.</source>
        <translation>Le projet %1 est en lecture seule ; rien n'a été modifié.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Disk full while writing %1 (no space left, or the file-size limit reached); nothing was changed.</source>
        <translation>Disque plein lors de l'écriture de %1 (plus d'espace libre ou limite de taille de fichier atteinte) ; rien n'a été modifié.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Database error in the project %1: %2</source>
        <translation>Erreur de base de données dans le projet %1 : %2</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The project %1 uses schema %2 and must be upgraded to schema %3, but the file is read-only. Copy it to a writable folder and open the copy.</source>
        <translation>Le projet %1 utilise le schéma %2 et doit être mis à niveau vers le schéma %3, mais le fichier est en lecture seule. Copiez-le dans un dossier accessible en écriture et ouvrez la copie.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Upgrading the project %1 to schema %2 failed (%3). The project is unchanged; a backup is at %4.</source>
        <translation>La mise à niveau du projet %1 vers le schéma %2 a échoué (%3). Le projet est inchangé ; une copie de sauvegarde se trouve ici : %4.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>There is no corpus named '%1' (corpora: %2).</source>
        <translation>Il n'y a pas de corpus nommé « %1 » (corpus : %2).</translation>
    </message>
    <message>
        <location line="+3" />
        <source>There is no run %1 in the project.</source>
        <translation>Le projet ne contient pas d'exécution %1.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Unknown selection method '%1'.</source>
        <translation>Méthode de sélection inconnue « %1 ».</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Unknown %1 '%2' (choose %3).</source>
        <translation>Valeur inconnue « %2 » pour %1 (choisissez %3).</translation>
    </message>
    <message>
        <location line="+3" />
        <source>%1: invalid UTF-8 at byte %2 (allow replacing invalid bytes to import it anyway).</source>
        <translation>%1 : UTF-8 invalide à l'octet %2 (autorisez le remplacement des octets invalides pour l'importer quand même).</translation>
    </message>
    <message>
        <location line="+5" />
        <source>The file %1 already exists.</source>
        <translation>Le fichier %1 existe déjà.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The model of the embedding set (%1) is not where it was encoded (%2); encode the corpus again with it.</source>
        <translation>Le modèle du jeu d'embeddings (%1) n'est plus là où l'encodage a été fait (%2) ; encodez de nouveau le corpus avec lui.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The embedding set does not record its model's content (an old project): encode the corpus again.</source>
        <translation>Le jeu d'embeddings n'enregistre pas le contenu de son modèle (un ancien projet) : encodez de nouveau le corpus.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>The model at %1 has changed since the corpus was encoded: its vectors would not be comparable.</source>
        <translation>Le modèle situé à %1 a changé depuis l'encodage du corpus : ses vecteurs ne seraient pas comparables.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>The corpus was encoded in %1; this machine computes %2: the vectors would not be comparable.</source>
        <translation>Le corpus a été encodé en %1 ; cette machine calcule en %2 : les vecteurs ne seraient pas comparables.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>The model gives %1-dimensional vectors; the stored ones have %2.</source>
        <translation>Le modèle produit des vecteurs de dimension %1 ; ceux enregistrés en ont %2.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Run %1 is a %2 run, not a clustering run.</source>
        <translation>L'exécution %1 est de type %2, pas un clustering.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Nothing of this corpus is encoded with %1 yet: encode it first.</source>
        <translation>Rien de ce corpus n'est encore encodé avec %1 : encodez-le d'abord.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>The project %1 has damaged or missing embedding rows at position %2.</source>
        <translation>Le projet %1 a des lignes d'embeddings endommagées ou manquantes à la position %2.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>The stored data '%2' of run %1 are damaged.</source>
        <translation>Les données enregistrées « %2 » de l'exécution %1 sont endommagées.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Run %1 has no cluster %2.</source>
        <translation>L'exécution %1 n'a pas de cluster %2.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Type a sentence or a word to search for.</source>
        <translation>Saisissez une phrase ou un mot à rechercher.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The full-text index is not up to date; it is brought up to date before a search.</source>
        <translation>L'index plein texte n'est pas à jour ; il est mis à jour avant une recherche.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Clustering run %1 has no stored model (it was made before models were stored with runs): cluster again to place new sentences on its map or apply it.</source>
        <translation>L'exécution de clustering %1 n'a pas de modèle enregistré (elle date d'avant l'enregistrement des modèles avec les exécutions) : relancez le clustering pour placer de nouvelles phrases sur sa carte ou pour l'appliquer.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Clustering run %1 stores a model written by a newer DomainLens.</source>
        <translation>L'exécution de clustering %1 enregistre un modèle écrit par une version plus récente de DomainLens.</translation>
    </message>
</context>
<context>
    <name>EncodeDialog</name>
    <message>
        <location filename="../widgets/dialogs/EncodeDialog.cpp" line="+26" />
        <source>Encode sentences</source>
        <translation>Encoder les phrases</translation>
    </message>
    <message>
        <location line="+65" />
        <source>Automatic (fp32 on the CPU, fp16 on CUDA)</source>
        <translation>Automatique (fp32 sur le CPU, fp16 avec CUDA)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>fp32</source>
        <translation>fp32</translation>
    </message>
    <message>
        <location line="+1" />
        <source>bf16: faster, cosine 0.9997 to fp32</source>
        <translation>bf16 : plus rapide, cosinus 0,9997 par rapport à fp32</translation>
    </message>
    <message>
        <location line="+38" />
        <source>%1 dimensions</source>
        <translation>%1 dimensions</translation>
    </message>
    <message>
        <location line="+3" />
        <source>about %1</source>
        <translation>environ %1</translation>
    </message>
    <message>
        <location line="+2" />
        <source>not installed</source>
        <translation>non installé</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1 sentences/s measured (%2)</source>
        <translation>%1 phrases/s mesurées (%2)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>speed not measured yet</source>
        <translation>vitesse pas encore mesurée</translation>
    </message>
    <message>
        <location line="+2" />
        <source>not supported by this build</source>
        <translation>non pris en charge par cette version</translation>
    </message>
    <message>
        <location line="+8" />
        <location line="+3" />
        <source>Loading models…</source>
        <translation>Chargement des modèles…</translation>
    </message>
    <message>
        <location line="+10" />
        <source>%1 (install)</source>
        <translation>%1 (à installer)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 (default)</source>
        <translation>%1 (par défaut)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 (Hugging Face cache)</source>
        <translation>%1 (cache Hugging Face)</translation>
    </message>
    <message>
        <location line="-136" />
        <source>Folder…</source>
        <translation>Dossier…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Hugging Face model folder</source>
        <translation>Dossier de modèle Hugging Face</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Install</source>
        <translation>Installer</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Cancel install</source>
        <translation>Annuler l'installation</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Source side</source>
        <translation>Côté source</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Target side</source>
        <translation>Côté cible</translation>
    </message>
    <message>
        <location line="+12" />
        <source>one layer (above)</source>
        <translation>une couche (ci-dessus)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>The model's default</source>
        <translation>Par défaut du modèle</translation>
    </message>
    <message>
        <location line="+1" />
        <source>"query: " (multilingual-e5: clustering, similarity)</source>
        <translation>"query: " (multilingual-e5 : regroupement, similarité)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>"passage: " (multilingual-e5: documents to retrieve)</source>
        <translation>"passage: " (multilingual-e5 : documents à retrouver)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>None</source>
        <translation>Aucun</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Mean over tokens (paper)</source>
        <translation>Moyenne sur les jetons (article)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>[CLS] token</source>
        <translation>Jeton [CLS]</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Max over tokens</source>
        <translation>Maximum sur les jetons</translation>
    </message>
    <message>
        <location line="+1" />
        <source>L2-normalise the vectors</source>
        <translation>Normaliser les vecteurs (L2)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Store as float32 (default float16: half the space)</source>
        <translation>Stocker en float32 (par défaut float16 : moitié moins de place)</translation>
    </message>
    <message>
        <location line="+7" />
        <source>int8: dynamic quantisation, CPU only, least exact</source>
        <translation>int8 : quantification dynamique, CPU seulement, la moins exacte</translation>
    </message>
    <message>
        <location line="+4" />
        <source>&amp;Model:</source>
        <translation>&amp;Modèle :</translation>
    </message>
    <message>
        <location line="+5" />
        <source>&amp;Corpus:</source>
        <translation>&amp;Corpus :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Side:</source>
        <translation>&amp;Côté :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Layer:</source>
        <translation>&amp;Couche :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Average of layers:</source>
        <translation>&amp;Moyenne des couches :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>P&amp;rompt:</source>
        <translation>P&amp;rompt :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Pooling:</source>
        <translation>&amp;Agrégation :</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Pr&amp;ecision:</source>
        <translation>Pr&amp;écision :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Device:</source>
        <translation>Périphérique :</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Encode</source>
        <translation>Encoder</translation>
    </message>
</context>
<context>
    <name>ExploreDialog</name>
    <message>
        <location filename="../widgets/dialogs/ExploreDialog.cpp" line="+16" />
        <source>Explore corpus</source>
        <translation>Explorer le corpus</translation>
    </message>
    <message>
        <location line="+20" />
        <source>The sample is encoded and clustered first and opens as the first map; the rest of the corpus is then encoded and assigned with its model in the background, and the full map opens at the end with how much the clusters moved.</source>
        <translation>L'échantillon est d'abord encodé et regroupé, puis s'ouvre comme première carte ; le reste du corpus est ensuite encodé et affecté avec son modèle en arrière-plan, et la carte complète s'ouvre à la fin, avec l'indication de combien les groupes ont bougé.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>&amp;Corpus:</source>
        <translation>&amp;Corpus :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sentences in the &amp;first map:</source>
        <translation>Phrases de la &amp;première carte :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sample s&amp;eed:</source>
        <translation>&amp;Graine de l'échantillon :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sentences per c&amp;hunk:</source>
        <translation>Phrases par &amp;tranche :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Clusters (k):</source>
        <translation>&amp;Groupes (k) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Precision:</source>
        <translation>&amp;Précision :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Explore</source>
        <translation>Explorer</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../widgets/dialogs/ExportDialog.cpp" line="+24" />
        <source>Export training files</source>
        <translation>Exporter des fichiers d'entraînement</translation>
    </message>
    <message>
        <location line="+4" />
        <source>The selection (latest selection run)</source>
        <translation>La sélection (dernière sélection)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>One shard per group</source>
        <translation>Un fichier par groupe</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Mixture weights and a sampled training file</source>
        <translation>Poids de mélange et un fichier d'entraînement échantillonné</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Moses (one file per language)</source>
        <translation>Moses (un fichier par langue)</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Output prefix</source>
        <translation>Préfixe de sortie</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Include scores</source>
        <translation>Inclure les scores</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Compress (gzip)</source>
        <translation>Compresser (gzip)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Corpus order</source>
        <translation>Ordre du corpus</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Best-scored first</source>
        <translation>Meilleurs scores d’abord</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Replace existing files</source>
        <translation>Remplacer les fichiers existants</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Domain label</source>
        <translation>Étiquette de domaine</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cluster (latest clustering run)</source>
        <translation>Groupe (dernier regroupement)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>weights only</source>
        <translation>poids seulement</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Reading the corpus's tags and filter runs…</source>
        <translation>Lecture des étiquettes et des filtrages du corpus…</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Leave out the sentences with a checked tag</source>
        <translation>Laisser de côté les phrases portant une étiquette cochée</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Export only the sentences with a checked tag</source>
        <translation>N'exporter que les phrases portant une étiquette cochée</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Keep sentences found in a dev or test corpus</source>
        <translation>Garder les phrases trouvées dans un corpus de dev ou de test</translation>
    </message>
    <message>
        <location line="+29" />
        <source>&amp;What:</source>
        <translation>&amp;Quoi :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Format:</source>
        <translation>&amp;Format :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Output prefix:</source>
        <translation>&amp;Préfixe de sortie :</translation>
    </message>
    <message>
        <location line="+5" />
        <source>&amp;Order:</source>
        <translation>&amp;Ordre :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Groups:</source>
        <translation>&amp;Groupes :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Alpha:</source>
        <translation>&amp;Alpha :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sample &amp;size:</source>
        <translation>&amp;Taille de l'échantillon :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Co&amp;rpus:</source>
        <translation>Co&amp;rpus :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cleaning</source>
        <translation>Nettoyage</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Tags:</source>
        <translation>É&amp;tiquettes :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>F&amp;ilter run:</source>
        <translation>F&amp;iltrage :</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
    <message>
        <location line="+34" />
        <source>No run to export yet: the export names its corpus when it runs.</source>
        <translation>Pas encore d'exécution à exporter : l'export nomme son corpus quand il s'exécute.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Corpus %1 has no tags and no filter runs.</source>
        <translation>Le corpus %1 n'a ni étiquettes ni filtrages.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tags and filter runs of corpus %1:</source>
        <translation>Étiquettes et filtrages du corpus %1 :</translation>
    </message>
</context>
<context>
    <name>FilterDialog</name>
    <message>
        <location filename="../widgets/dialogs/FilterDialog.cpp" line="+27" />
        <source>Filter corpus</source>
        <translation>Filtrer le corpus</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Near-duplicates (MinHash LSH over shingles)</source>
        <translation>Quasi-doublons (MinHash LSH sur des shingles)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Wrong language (fastText language ID per side)</source>
        <translation>Mauvaise langue (identification fastText par côté)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Bitext noise (length, ratio, alphabet, repetition, copy, numerals)</source>
        <translation>Bruit de bitexte (longueur, rapport, alphabet, répétition, copie, chiffres)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Semantic duplicates within clusters (SemDeDup)</source>
        <translation>Doublons sémantiques dans les clusters (SemDeDup)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Decontamination (repeats of a dev or test corpus)</source>
        <translation>Décontamination (reprises d'un corpus de dev ou de test)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The first in corpus order</source>
        <translation>La première dans l'ordre du corpus</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The longest</source>
        <translation>La plus longue</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The closest to its cluster's centroid</source>
        <translation>La plus proche du centre de son cluster</translation>
    </message>
    <message>
        <location line="+26" />
        <source>&amp;Jaccard threshold:</source>
        <translation>Seuil de &amp;Jaccard :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>S&amp;hingles:</source>
        <translation>S&amp;hingles :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Permutations:</source>
        <translation>&amp;Permutations :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <location line="+1" />
        <source>LSH &amp;bands:</source>
        <translation>&amp;Bandes LSH :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Hash s&amp;eed:</source>
        <translation>Gr&amp;aine du hachage :</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Both sides</source>
        <translation>Les deux côtés</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Either side</source>
        <translation>L'un ou l'autre côté</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The source side alone</source>
        <translation>Le côté source seul</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Si&amp;des (parallel corpora):</source>
        <translation>Cô&amp;tés (corpus parallèles) :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Keep of a group:</source>
        <translation>&amp;Garder d'un groupe :</translation>
    </message>
    <message>
        <location line="+4" />
        <location line="+3" />
        <source>the corpus's</source>
        <translation>celle du corpus</translation>
    </message>
    <message>
        <location line="-2" />
        <source>E&amp;xpected source language:</source>
        <translation>Langue source atten&amp;due :</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Expected &amp;target language:</source>
        <translation>Langue cible attend&amp;ue :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Minimum probability:</source>
        <translation>Probabilité &amp;minimale :</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Min words per side:</source>
        <translation>Mots min. par côté :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Max words per side:</source>
        <translation>Mots max. par côté :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Max length ratio (characters):</source>
        <translation>Rapport de longueur max. (caractères) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Max length ratio (words):</source>
        <translation>Rapport de longueur max. (mots) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Min share of letters:</source>
        <translation>Part min. de lettres :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Max share of repeated words:</source>
        <translation>Part max. de mots répétés :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Max similarity of the sides:</source>
        <translation>Similarité max. des côtés :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Min agreement of the numerals:</source>
        <translation>Accord min. des chiffres :</translation>
    </message>
    <message>
        <location line="+4" />
        <source>the corpus's latest</source>
        <translation>la plus récente du corpus</translation>
    </message>
    <message>
        <location line="+1" />
        <source>C&amp;luster run:</source>
        <translation>E&amp;xécution de clustering :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Eps&amp;ilon (cosine ≥ 1 − ε):</source>
        <translation>Eps&amp;ilon (cosinus ≥ 1 − ε) :</translation>
    </message>
    <message>
        <location line="+8" />
        <source>&amp;Corpus:</source>
        <translation>&amp;Corpus :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Filter:</source>
        <translation>&amp;Filtre :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The filter is stored as a run: nothing is deleted. Its ledger lists every removed sentence with the rule that removed it; export leaves them out when given the run.</source>
        <translation>Le filtre est enregistré comme une exécution : rien n'est supprimé. Son registre liste chaque phrase retirée avec la règle qui l'a retirée ; l'export les omet quand on lui donne l'exécution.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Filter</source>
        <translation>Filtrer</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Preview</source>
        <translation>Aperçu</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Show on the map what this filter would remove, without storing a run; apply or discard it there.</source>
        <translation>Montrer sur la carte ce que ce filtre retirerait, sans enregistrer d’exécution ; l’appliquer ou l’abandonner là.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Duplicates</source>
        <translation>Doublons</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Semantic duplicates</source>
        <translation>Doublons sémantiques</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Language ID</source>
        <translation>Identification de la langue</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Bitext noise</source>
        <translation>Bruit de bitexte</translation>
    </message>
</context>
<context>
    <name>FilterRunBox</name>
    <message>
        <location filename="../widgets/dialogs/CleaningWidgets.cpp" line="+15" />
        <source>No filter run</source>
        <translation>Aucun filtrage</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Run %1: %2, %3 removed</source>
        <translation>Exécution %1 : %2, %3 retirées</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Run %1: %2 (not finished)</source>
        <translation>Exécution %1 : %2 (non terminée)</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <location filename="../widgets/dialogs/ImportDialog.cpp" line="+35" />
        <source>Import corpus</source>
        <translation>Importer un corpus</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Plain text (one sentence per line; two files = parallel pair)</source>
        <translation>Texte brut (une phrase par ligne ; deux fichiers = paire parallèle)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>TSV (source, target, domain columns)</source>
        <translation>TSV (colonnes source, cible, domaine)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>JSON Lines (one object per line)</source>
        <translation>JSON Lines (un objet par ligne)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Parquet (the column "text")</source>
        <translation>Parquet (la colonne « text »)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Hugging Face dataset folder (the column "text")</source>
        <translation>Dossier de jeu de données Hugging Face (la colonne « text »)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>medical.en, corpus.tsv, data.jsonl.gz …</source>
        <translation>medical.en, corpus.tsv, donnees.jsonl.gz …</translation>
    </message>
    <message>
        <location line="+3" />
        <source>optional: the line-aligned translation (medical.de)</source>
        <translation>facultatif : la traduction alignée ligne à ligne (medical.de)</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+1" />
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>default: the file name</source>
        <translation>par défaut : le nom du fichier</translation>
    </message>
    <message>
        <location line="+3" />
        <location line="+3" />
        <source>from the file name</source>
        <translation>depuis le nom du fichier</translation>
    </message>
    <message>
        <location line="+3" />
        <source>src,tgt,domain (default: by column count)</source>
        <translation>src,tgt,domain (par défaut : selon le nombre de colonnes)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Domain label</source>
        <translation>Étiquette de domaine</translation>
    </message>
    <message>
        <location line="+1" />
        <source>From the file name (medical.en → medical)</source>
        <translation>Depuis le nom de fichier (medical.en → medical)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>This label:</source>
        <translation>Cette étiquette :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>From the domain column / field</source>
        <translation>Depuis la colonne / le champ domaine</translation>
    </message>
    <message>
        <location line="+1" />
        <source>None (unlabelled corpus)</source>
        <translation>Aucune (corpus sans étiquettes)</translation>
    </message>
    <message>
        <location line="+13" />
        <source>Replace invalid UTF-8 with U+FFFD instead of stopping</source>
        <translation>Remplacer l'UTF-8 invalide par U+FFFD au lieu de s'arrêter</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Keep duplicate sentences (by default a pair is dropped when the same pair, source or target was seen)</source>
        <translation>Garder les phrases en double (par défaut, une paire est écartée si la même paire, la même source ou la même cible a déjà été vue)</translation>
    </message>
    <message>
        <location line="+11" />
        <source>&amp;Format:</source>
        <translation>&amp;Format :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Source file:</source>
        <translation>Fichier &amp;source :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Target file:</source>
        <translation>Fichier &amp;cible :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Corpus:</source>
        <translation>&amp;Corpus :</translation>
    </message>
    <message>
        <location line="+5" />
        <source>&amp;Languages:</source>
        <translation>&amp;Langues :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>TSV co&amp;lumns:</source>
        <translation>Co&amp;lonnes TSV :</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Import</source>
        <translation>Importer</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Preview (first lines):</source>
        <translation>Aperçu (premières lignes) :</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Dataset folder</source>
        <translation>Dossier du jeu de données</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Source file</source>
        <translation>Fichier source</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Target file</source>
        <translation>Fichier cible</translation>
    </message>
    <message>
        <location line="+18" />
        <source>Corpora (*.* *.gz);;All files (*)</source>
        <translation>Corpus (*.* *.gz);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+34" />
        <source>(Parquet or a dataset folder: no preview)</source>
        <translation>(Parquet ou un dossier de jeu de données : pas d’aperçu)</translation>
    </message>
    <message>
        <location line="+7" />
        <source>(compressed file: no preview)</source>
        <translation>(fichier compressé : pas d'aperçu)</translation>
    </message>
    <message>
        <location line="+13" />
        <source>Choose a source file.</source>
        <translation>Choisissez un fichier source.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The source file does not exist.</source>
        <translation>Le fichier source n'existe pas.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The target file does not exist.</source>
        <translation>Le fichier cible n'existe pas.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Enter the domain label.</source>
        <translation>Saisissez l'étiquette de domaine.</translation>
    </message>
</context>
<context>
    <name>JobRunner</name>
    <message>
        <location filename="../app/services/JobRunner.cpp" line="+89" />
        <source>Cancelled before it started.</source>
        <translation>Annulée avant de commencer.</translation>
    </message>
</context>
<context>
    <name>JobsPanel</name>
    <message>
        <location filename="../widgets/jobs/JobsPanel.cpp" line="+15" />
        <location line="+127" />
        <source>No job running</source>
        <translation>Aucune tâche en cours</translation>
    </message>
    <message>
        <location line="-117" />
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Stop the running job; the project stays as it was before the job.</source>
        <translation>Arrêter la tâche en cours ; le projet reste tel qu'avant la tâche.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Cancelling…</source>
        <translation>Annulation…</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Log</source>
        <translation>Journal</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Show the log of finished jobs and their messages.</source>
        <translation>Afficher le journal des tâches terminées et de leurs messages.</translation>
    </message>
    <message>
        <location line="+47" />
        <source>Queued: %1</source>
        <translation>En attente : %1</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Starting…</source>
        <translation>Démarrage…</translation>
    </message>
    <message>
        <location line="+29" />
        <source> — %1 left</source>
        <translation> — encore %1</translation>
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
        <translation>Tâche en attente</translation>
    </message>
    <message>
        <location line="+3" />
        <source>%1 finished</source>
        <translation>%1 terminé</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 cancelled; the project is unchanged</source>
        <translation>%1 annulé ; le projet est inchangé</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 failed: %2</source>
        <translation>%1 a échoué : %2</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Done.</source>
        <translation>Terminé.</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Cancelled.</source>
        <translation>Annulé.</translation>
    </message>
</context>
<context>
    <name>KeptDroppedModel</name>
    <message>
        <location filename="../widgets/models/KeptDroppedModel.cpp" line="+42" />
        <source>not ranked</source>
        <translation>non classé</translation>
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
        <translation>Rang dans %1</translation>
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
        <translation>Score dans %1</translation>
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
        <translation>Phrase (gardée par A = %1, écartée par B = %2)</translation>
    </message>
</context>
<context>
    <name>LambdaAreaView</name>
    <message>
        <location filename="../widgets/plots/LambdaAreaView.cpp" line="+21" />
        <location line="+70" />
        <source>Training step</source>
        <translation>Pas d'entraînement</translation>
    </message>
    <message>
        <location line="-69" />
        <source>λ (sampling mixture)</source>
        <translation>λ (mélange d'échantillonnage)</translation>
    </message>
    <message>
        <location line="+16" />
        <source>lambda</source>
        <translation>lambda</translation>
    </message>
    <message>
        <location line="+15" />
        <source>No λ trajectory.</source>
        <translation>Pas de trajectoire de λ.</translation>
    </message>
    <message>
        <location line="+38" />
        <source>MDAC session</source>
        <translation>Session MDAC</translation>
    </message>
    <message>
        <location line="+6" />
        <source>%1 groups; the legend lists the %2 largest at the end</source>
        <translation>%1 groupes ; la légende montre les %2 plus grands à la fin</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="+128" />
        <source>Sentence overlap between corpora (source side, exact text after import normalisation); train vs dev/test overlaps in red:</source>
        <translation>Recouvrement de phrases entre corpus (côté source, texte exact après la normalisation de l’import) ; recouvrements entraînement/dev-test en rouge :</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Corpora</source>
        <translation>Corpus</translation>
    </message>
    <message>
        <location line="+19" />
        <source>Clusters</source>
        <translation>Groupes</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Outliers</source>
        <translation>Aberrants</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Outlier analysis</source>
        <translation>Analyse des valeurs aberrantes</translation>
    </message>
    <message>
        <location line="+2" />
        <location line="+106" />
        <source>Selection</source>
        <translation>Sélection</translation>
    </message>
    <message>
        <location line="-104" />
        <source>Cleaning</source>
        <translation>Nettoyage</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Methods</source>
        <translation>Méthodes</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Alignment</source>
        <translation>Alignement</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Search</source>
        <translation>Recherche</translation>
    </message>
    <message>
        <location line="+2" />
        <source>No k sweep yet: Analysis → Cluster…, "Sweep k and plot BIC/AIC instead".</source>
        <translation>Pas encore de balayage de k : Analyse → Regrouper…, « Balayer k et tracer BIC/AIC à la place ».</translation>
    </message>
    <message>
        <location line="+1" />
        <source>k sweep</source>
        <translation>Balayage de k</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Encoder layer</source>
        <translation>Couche de l'encodeur</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Purity / NMI / silhouette (higher is better)</source>
        <translation>Pureté / NMI / silhouette (plus haut est meilleur)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>No layer sweep yet: Analysis → Cluster…, "Sweep the encoded layers instead" (it compares the layers encoded for the corpus: one Encode Sentences… run per layer).</source>
        <translation>Pas encore de balayage des couches : Analyse → Regrouper…, « Balayer les couches encodées à la place » (compare les couches encodées pour le corpus : une exécution d’Encoder les phrases… par couche).</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Layer sweep</source>
        <translation>Balayage des couches</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Mixture</source>
        <translation>Mélange</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Runs</source>
        <translation>Exécutions</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Compare two clustering runs</source>
        <translation>Comparer deux regroupements</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Precision at cut-off of the selected selection runs</source>
        <translation>Précision à la coupure des sélections choisies</translation>
    </message>
    <message>
        <location line="+9" />
        <location line="+11" />
        <location line="+10" />
        <source>Precision at cut-off</source>
        <translation>Précision à la coupure</translation>
    </message>
    <message>
        <location line="-21" />
        <source>Select one or more selection runs in the list (Ctrl+click).</source>
        <translation>Sélectionnez une ou plusieurs sélections dans la liste (Ctrl+clic).</translation>
    </message>
    <message numerus="yes">
        <location line="+3" />
        <source>Evaluating %n selection run(s)…</source>
        <translation>
            <numerusform>Évaluation de %n sélection…</numerusform>
            <numerusform>Évaluation de %n sélections…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+28" />
        <source>Name the clusters of run #%1</source>
        <translation>Nommer les clusters de l'exécution n°%1</translation>
    </message>
    <message>
        <location line="+31" />
        <source>A decision could not be saved: %1</source>
        <translation>Une décision n'a pas pu être enregistrée : %1</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Saved %1</source>
        <translation>%1 enregistré</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+783" />
        <source>Save table</source>
        <translation>Enregistrer le tableau</translation>
    </message>
    <message>
        <location line="-776" />
        <source>Job log</source>
        <translation>Journal des tâches</translation>
    </message>
    <message>
        <location line="+19" />
        <source>No project</source>
        <translation>Aucun projet</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Compute: CUDA GPU</source>
        <translation>Calcul : GPU CUDA</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Compute: CPU</source>
        <translation>Calcul : CPU</translation>
    </message>
    <message>
        <location line="+7" />
        <source>DomainLens</source>
        <translation>DomainLens</translation>
    </message>
    <message>
        <location line="+10" />
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;New Project…</source>
        <translation>&amp;Nouveau projet…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Open Project…</source>
        <translation>&amp;Ouvrir un projet…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Open &amp;Recent</source>
        <translation>Ouvrir un fichier &amp;récent</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Import Corpus…</source>
        <translation>&amp;Importer un corpus…</translation>
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
        <translation>&amp;Encoder les phrases…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Cluster…</source>
        <translation>&amp;Regrouper…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <location line="+1" />
        <source>E&amp;xplore Corpus…</source>
        <translation>E&amp;xplorer le corpus…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Select In-Domain Data…</source>
        <translation>&amp;Sélectionner des données du domaine…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Filter Corpus…</source>
        <translation>&amp;Filtrer le corpus…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>E&amp;xport Training Files…</source>
        <translation>E&amp;xporter des fichiers d'entraînement…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Save View As…</source>
        <translation>&amp;Enregistrer la vue sous…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>S&amp;hare Map…</source>
        <translation>&amp;Partager la carte…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Save a &amp;Copy As…</source>
        <translation>Enregistrer une &amp;copie sous…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Mixture</source>
        <translation>&amp;Mélange</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Open &amp;Kit or Training Folder…</source>
        <translation>Ouvrir un &amp;kit ou un dossier d'entraînement…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Open a mixture kit or a training folder</source>
        <translation>Ouvrir un kit de mélange ou un dossier d'entraînement</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Open λ &amp;Trajectory…</source>
        <translation>Ouvrir une &amp;trajectoire de λ…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Open a λ trajectory</source>
        <translation>Ouvrir une trajectoire de λ</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Trajectories (*.json *.jsonl *.log);;All files (*)</source>
        <translation>Trajectoires (*.json *.jsonl *.log);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>&amp;Build Mixture Kit…</source>
        <translation>Créer un &amp;kit de mélange…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>T&amp;arget Mixture…</source>
        <translation>Mélange &amp;cible…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Schedule…</source>
        <translation>&amp;Calendrier…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>MDAC &amp;Step…</source>
        <translation>&amp;Pas MDAC…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Train on a Kit…</source>
        <translation>&amp;Entraîner sur un kit…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <location line="+7" />
        <source>&amp;Settings…</source>
        <translation>&amp;Paramètres…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Help</source>
        <translation>Aid&amp;e</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;About DomainLens</source>
        <translation>À &amp;propos de DomainLens</translation>
    </message>
    <message>
        <location line="+1" />
        <source>About DomainLens</source>
        <translation>À propos de DomainLens</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&lt;b&gt;DomainLens %1&lt;/b&gt;&lt;p&gt;Find the domains hidden in text corpora and select in-domain training data.&lt;/p&gt;</source>
        <translation>&lt;b&gt;DomainLens %1&lt;/b&gt;&lt;p&gt;Trouve les domaines cachés dans des corpus et sélectionne des données d'entraînement du domaine.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Project</source>
        <translation>Projet</translation>
    </message>
    <message>
        <location line="+16" />
        <source>(none)</source>
        <translation>(aucun)</translation>
    </message>
    <message>
        <location line="+14" />
        <location line="+4" />
        <location line="+5" />
        <source>New project</source>
        <translation>Nouveau projet</translation>
    </message>
    <message>
        <location line="-9" />
        <location line="+376" />
        <source>DomainLens projects (*.dlproj)</source>
        <translation>Projets DomainLens (*.dlproj)</translation>
    </message>
    <message>
        <location line="-372" />
        <source>%1 already exists; open it instead or choose another name.</source>
        <translation>%1 existe déjà ; ouvrez-le ou choisissez un autre nom.</translation>
    </message>
    <message>
        <location line="+13" />
        <location line="+9" />
        <source>Open project</source>
        <translation>Ouvrir un projet</translation>
    </message>
    <message>
        <location line="-8" />
        <source>DomainLens projects (*.dlproj);;All files (*)</source>
        <translation>Projets DomainLens (*.dlproj);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+16" />
        <source>%1 — DomainLens</source>
        <translation>%1 — DomainLens</translation>
    </message>
    <message>
        <location line="+113" />
        <source>CPU (or CUDA when libtorch sees a GPU)</source>
        <translation>CPU (ou CUDA si libtorch voit un GPU)</translation>
    </message>
    <message>
        <location line="+15" />
        <source>Encode %1</source>
        <translation>Encoder %1</translation>
    </message>
    <message>
        <location line="+12" />
        <source>k sweep %1–%2 on %3</source>
        <translation>Balayage de k %1–%2 sur %3</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cluster %1 (k = %2)</source>
        <translation>Regrouper %1 (k = %2)</translation>
    </message>
    <message>
        <location line="+42" />
        <source>First map: %1 sentences of a sample of %2; encoding the rest of the sample…</source>
        <translation>Première carte : %1 phrases d'un échantillon de %2 ; encodage du reste de l'échantillon…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Map of the sample: %1 of %2 sentences; encoding the rest…</source>
        <translation>Carte de l'échantillon : %1 phrases sur %2 ; encodage du reste…</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Map of the sample: %1 of %2 sentences (%3 % of the first map's labels moved); encoding the rest…</source>
        <translation>Carte de l'échantillon : %1 sur %2 phrases (%3 % des étiquettes de la première carte ont changé) ; encodage du reste…</translation>
    </message>
    <message>
        <location line="+22" />
        <source>Map of the sample (%1 sentences) and %2 of %3 sentences assigned (%4 %); encoding the rest…</source>
        <translation>Carte de l'échantillon (%1 phrases) et %2 phrases sur %3 affectées (%4 %) ; encodage du reste…</translation>
    </message>
    <message>
        <location line="+4" />
        <source>All %1 sentences encoded and assigned; refitting the full map…</source>
        <translation>Les %1 phrases sont encodées et affectées ; nouvel ajustement de la carte complète…</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Encoding a sample of %1 for its first map…</source>
        <translation>Encodage d'un échantillon de %1 pour sa première carte…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Explore %1</source>
        <translation>Explorer %1</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Explore of %1 stopped; what it stored is kept (explore it again to go on).</source>
        <translation>Exploration de %1 interrompue ; ce qui a été enregistré est conservé (relancez l'exploration pour continuer).</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Select from %1 (%2)</source>
        <translation>Sélection depuis %1 (%2)</translation>
    </message>
    <message>
        <location line="+20" />
        <source>Filter %1 (%2)</source>
        <translation>Filtrer %1 (%2)</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Preview of filter %1 (%2)</source>
        <translation>Aperçu du filtre %1 (%2)</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Preview</source>
        <translation>Aperçu</translation>
    </message>
    <message>
        <location line="+16" />
        <location line="+16" />
        <source>Export %1</source>
        <translation>Exporter %1</translation>
    </message>
    <message>
        <location line="+12" />
        <source>-copy</source>
        <translation>-copie</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Save a Copy of the Project</source>
        <translation>Enregistrer une copie du projet</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Saving a copy of the project as %1…</source>
        <translation>Enregistrement d'une copie du projet sous %1…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Saved a copy of the project as %1.</source>
        <translation>Copie du projet enregistrée sous %1.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Save a Copy</source>
        <translation>Enregistrer une copie</translation>
    </message>
    <message>
        <location line="+8" />
        <location line="+8" />
        <source>Share Map</source>
        <translation>Partager la carte</translation>
    </message>
    <message>
        <location line="-8" />
        <source>Open a clustering run on the Clusters tab first: the page shows its map.</source>
        <translation>Ouvrez d’abord une exécution de clustering dans l’onglet Clusters : la page montre sa carte.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Share Map: folder for index.html</source>
        <translation>Partager la carte : dossier pour index.html</translation>
    </message>
    <message>
        <location line="+5" />
        <source>%1 exists. Replace it?</source>
        <translation>%1 existe déjà. Le remplacer ?</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Share map of run #%1</source>
        <translation>Partager la carte de l’exécution n° %1</translation>
    </message>
    <message>
        <location line="+96" />
        <location line="+15" />
        <source>Compare runs</source>
        <translation>Comparer des exécutions</translation>
    </message>
    <message>
        <location line="-15" />
        <source>Select exactly two clustering runs in the list (Ctrl+click).</source>
        <translation>Sélectionnez exactement deux regroupements dans la liste (Ctrl+clic).</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Comparing run #%1 with run #%2…</source>
        <translation>Comparaison de l'exécution n° %1 avec l'exécution n° %2…</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Run #%1 vs run #%2</source>
        <translation>Exécution n° %1 contre n° %2</translation>
    </message>
    <message>
        <location line="+24" />
        <source>Train on %1</source>
        <translation>Entraînement sur %1</translation>
    </message>
    <message>
        <location line="+53" />
        <source>The new language applies when DomainLens starts again.</source>
        <translation>La nouvelle langue s'applique au redémarrage de DomainLens.</translation>
    </message>
    <message>
        <location line="+30" />
        <source>CSV files (*.csv)</source>
        <translation>Fichiers CSV (*.csv)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Saving %1…</source>
        <translation>Enregistrement de %1…</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Import %1</source>
        <translation>Importer %1</translation>
    </message>
    <message>
        <location line="+34" />
        <source>Quit DomainLens</source>
        <translation>Quitter DomainLens</translation>
    </message>
    <message>
        <location line="+1" />
        <source>A job is still running. Cancel it and quit? The project keeps its state from before the job.</source>
        <translation>Une tâche est en cours. L'annuler et quitter ? Le projet garde son état d'avant la tâche.</translation>
    </message>
</context>
<context>
    <name>MapCutBar</name>
    <message>
        <location filename="../app/panels/MapCutBar.cpp" line="+15" />
        <location line="+50" />
        <source>Selection cut</source>
        <translation>Seuil de sélection</translation>
    </message>
    <message>
        <location line="-48" />
        <source>Show the selection run's top k on the map; the other sentences are faded.</source>
        <translation>Afficher les k premiers de l'exécution de sélection sur la carte ; les autres phrases sont estompées.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>k = </source>
        <translation>k = </translation>
    </message>
    <message>
        <location line="+3" />
        <source>Include picked</source>
        <translation>Inclure la sélection</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Exclude picked</source>
        <translation>Exclure la sélection</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Reset picked</source>
        <translation>Réinitialiser la sélection</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Keep the sentences picked on the map whatever their score (Ctrl+Z undoes).</source>
        <translation>Garder les phrases choisies sur la carte quel que soit leur score (Ctrl+Z annule).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Drop the sentences picked on the map whatever their score (Ctrl+Z undoes).</source>
        <translation>Écarter les phrases choisies sur la carte quel que soit leur score (Ctrl+Z annule).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Give the sentences picked on the map back to their score's verdict.</source>
        <translation>Rendre les phrases choisies sur la carte au verdict de leur score.</translation>
    </message>
    <message>
        <location line="+36" />
        <source>Cut of %1</source>
        <translation>Seuil de %1</translation>
    </message>
    <message>
        <location line="+11" />
        <source>no selection run shown</source>
        <translation>aucune exécution de sélection affichée</translation>
    </message>
    <message>
        <location line="+0" />
        <source>the run ranks none of these sentences</source>
        <translation>l'exécution ne classe aucune de ces phrases</translation>
    </message>
    <message>
        <location line="+24" />
        <source>%1 on the map in the cut</source>
        <translation>%1 sur la carte dans le seuil</translation>
    </message>
    <message>
        <location line="+1" />
        <source>cut not shown</source>
        <translation>seuil non affiché</translation>
    </message>
</context>
<context>
    <name>MethodPairsModel</name>
    <message>
        <location filename="../widgets/models/MethodPairsModel.cpp" line="+50" />
        <source>Method A</source>
        <translation>Méthode A</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Method B</source>
        <translation>Méthode B</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Kept by both</source>
        <translation>Gardées par les deux</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Only A</source>
        <translation>Seulement A</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Only B</source>
        <translation>Seulement B</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Jaccard</source>
        <translation>Jaccard</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Spearman ρ (ranks)</source>
        <translation>ρ de Spearman (rangs)</translation>
    </message>
</context>
<context>
    <name>MethodsExplorer</name>
    <message>
        <location filename="../app/panels/MethodsExplorer.cpp" line="+68" />
        <source>Check 2 to 4 selection runs of the same pool.</source>
        <translation>Cochez 2 à 4 exécutions de sélection du même pool.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>top k = </source>
        <translation>k premiers = </translation>
    </message>
    <message>
        <location line="+1" />
        <source>top k = the runs' own cut</source>
        <translation>k premiers = le seuil propre des exécutions</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Compare</source>
        <translation>Comparer</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Check two or more selection runs and press Compare.</source>
        <translation>Cochez deux exécutions de sélection ou plus et appuyez sur Comparer.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Pair:</source>
        <translation>Paire :</translation>
    </message>
    <message>
        <location line="+3" />
        <source>vs</source>
        <translation>contre</translation>
    </message>
    <message>
        <location line="+21" />
        <source>Overlap of the top k per pair</source>
        <translation>Recouvrement des k premiers par paire</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Exact intersections (UpSet)</source>
        <translation>Intersections exactes (UpSet)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Rank against rank (1 = best)</source>
        <translation>Rang contre rang (1 = meilleur)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Kept by one, dropped by the other</source>
        <translation>Gardées par l'une, écartées par l'autre</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Where each method's top k lies on the map</source>
        <translation>Où se trouvent les k premiers de chaque méthode sur la carte</translation>
    </message>
    <message>
        <location line="+56" />
        <source>#%1 %2 (%3)</source>
        <translation>n°%1 %2 (%3)</translation>
    </message>
    <message numerus="yes">
        <location line="+38" />
        <source>Check 2 to 4 selection runs of the same pool (%n checked).</source>
        <translation>
            <numerusform>Cochez 2 à 4 exécutions de sélection du même pool (%n cochée).</numerusform>
            <numerusform>Cochez 2 à 4 exécutions de sélection du même pool (%n cochées).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3" />
        <source>Comparing %n selection run(s)…</source>
        <translation>
            <numerusform>Comparaison de %n exécution de sélection…</numerusform>
            <numerusform>Comparaison de %n exécutions de sélection…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+53" />
        <source>Which methods keep it</source>
        <translation>Quelles méthodes la gardent</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Top k of %1</source>
        <translation>k premiers de %1</translation>
    </message>
    <message>
        <location line="+3" />
        <location line="+1" />
        <source>%1 keeps, %2 drops (%3)</source>
        <translation>%1 garde, %2 écarte (%3)</translation>
    </message>
    <message>
        <location line="+6" />
        <location line="+1" />
        <source>Rank in %1</source>
        <translation>Rang dans %1</translation>
    </message>
    <message>
        <location line="-31" />
        <location line="+33" />
        <source>PC1 (%1)</source>
        <translation>CP1 (%1)</translation>
    </message>
    <message>
        <location line="-33" />
        <location line="+33" />
        <source>PC2</source>
        <translation>CP2</translation>
    </message>
    <message>
        <location line="+26" />
        <source>Cannot read the sentences: %1</source>
        <translation>Impossible de lire les phrases : %1</translation>
    </message>
</context>
<context>
    <name>MixtureGroupsModel</name>
    <message>
        <location filename="../widgets/models/MixtureGroupsModel.cpp" line="+56" />
        <source>Share of the training lines, N_g / N</source>
        <translation>Part des lignes d'entraînement, N_g / N</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The empirical mixture (λ_α with α = 1)</source>
        <translation>Le mélange empirique (λ_α avec α = 1)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The target mixture the dev loss is measured under</source>
        <translation>Le mélange cible sous lequel la perte dev est mesurée</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The initial sampling mixture</source>
        <translation>Le mélange d'échantillonnage initial</translation>
    </message>
    <message>
        <location line="+1" />
        <source>How often the group's training shard is seen: λ_0(g) · B · T / N_g</source>
        <translation>Combien de fois les données d'entraînement du groupe sont vues : λ_0(g) · B · T / N_g</translation>
    </message>
    <message>
        <location line="+1" />
        <source>λ at the end of the trajectory shown</source>
        <translation>λ à la fin de la trajectoire affichée</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Group</source>
        <translation>Groupe</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Train N</source>
        <translation>N entraînement</translation>
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
        <translation>Répétition</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Final λ</source>
        <translation>λ final</translation>
    </message>
</context>
<context>
    <name>MixtureJobDialog</name>
    <message>
        <location filename="../widgets/dialogs/MixtureJobDialog.cpp" line="+56" />
        <source>Build a mixture kit</source>
        <translation>Créer un kit de mélange</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Build</source>
        <translation>Créer</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Per group (a domain label, or a cluster of a cluster run) a training shard and held-out dev and test lines, none of which appears in any training shard; mixture.json with N, q, λ^s, λ^t, λ_0 and the repetition factors; opennmt.yaml; a manifest with the SHA-256 of every file.</source>
        <translation>Par groupe (une étiquette de domaine, ou un cluster d'une exécution de clustering) une partie d'entraînement et des lignes de dev et de test mises de côté, dont aucune n'apparaît dans une partie d'entraînement ; mixture.json avec N, q, λ^s, λ^t, λ_0 et les facteurs de répétition ; opennmt.yaml ; un manifeste avec le SHA-256 de chaque fichier.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Groups:</source>
        <translation>&amp;Groupes :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>domain labels</source>
        <translation>étiquettes de domaine</translation>
    </message>
    <message>
        <location line="+1" />
        <source>clusters of a cluster run</source>
        <translation>clusters d'une exécution de clustering</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+25" />
        <source>Cluster &amp;run:</source>
        <translation>Exécution de &amp;clustering :</translation>
    </message>
    <message>
        <location line="-25" />
        <location line="+25" />
        <source>the latest</source>
        <translation>la plus récente</translation>
    </message>
    <message>
        <location line="-24" />
        <location line="+25" />
        <source>&amp;Corpus:</source>
        <translation>&amp;Corpus :</translation>
    </message>
    <message>
        <location line="-25" />
        <location line="+25" />
        <source>the only one</source>
        <translation>le seul</translation>
    </message>
    <message>
        <location line="-24" />
        <source>&amp;Output folder:</source>
        <translation>Dossier de &amp;sortie :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Dev lines per group:</source>
        <translation>Lignes de &amp;dev par groupe :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Test lines per group:</source>
        <translation>Lignes de &amp;test par groupe :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>S&amp;eed:</source>
        <translation>&amp;Graine :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>λ^t (t&amp;arget):</source>
        <translation>λ^t (&amp;cible) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>λ_0 (&amp;initial):</source>
        <translation>λ_0 (&amp;initial) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Floor ε:</source>
        <translation>Plancher ε :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Floor α:</source>
        <translation>Plancher α :</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+33" />
        <source>Training &amp;steps T:</source>
        <translation>&amp;Pas d'entraînement T :</translation>
    </message>
    <message>
        <location line="-32" />
        <source>&amp;Batch size B (sentences):</source>
        <translation>Taille de &amp;lot B (phrases) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>OpenNMT-py weight &amp;resolution:</source>
        <translation>&amp;Résolution des poids OpenNMT-py :</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Target mixture λ^t</source>
        <translation>Mélange cible λ^t</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Compute</source>
        <translation>Calculer</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The mixture the model should do well on: uniform, one or more groups, the mean GMM responsibilities of an in-domain dev set under the cluster run, or a selection run's P(in|x) summed per group. Write it into a kit's folder and build the kit with it as λ^t.</source>
        <translation>Le mélange sur lequel le modèle doit être bon : uniforme, un ou plusieurs groupes, les responsabilités GMM moyennes d'un jeu de dev du domaine sous l'exécution de clustering, ou P(in|x) d'une exécution de sélection sommé par groupe. L'écrire dans le dossier d'un kit et créer le kit avec lui comme λ^t.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;From:</source>
        <translation>&amp;Depuis :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Gr&amp;oups (comma separated):</source>
        <translation>Gr&amp;oupes (séparés par des virgules) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Grouped &amp;by:</source>
        <translation>Groupés &amp;par :</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Dev set (corpus):</source>
        <translation>Jeu de &amp;dev (corpus) :</translation>
    </message>
    <message>
        <location line="+0" />
        <location line="+2" />
        <location line="+21" />
        <location line="+1" />
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <location line="-23" />
        <source>&amp;Selection run:</source>
        <translation>Exécution de &amp;sélection :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Write to:</source>
        <translation>&amp;Écrire dans :</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Fixed mixture schedule</source>
        <translation>Calendrier de mélange fixe</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Write Schedule</source>
        <translation>Écrire le calendrier</translation>
    </message>
    <message>
        <location line="+2" />
        <source>λ over training as [{step, λ}] with a phase file per entry: FT-Full, interpolation or an annealed temperature from λ_α to λ^t over a kit's groups; the curriculum of Zhang et al. 2019 or gradual fine-tuning (van der Wees et al. 2017) over a selection run's ranking.</source>
        <translation>λ au fil de l'entraînement comme [{step, λ}] avec un fichier de phase par entrée : FT-Full, interpolation ou température recuite de λ_α à λ^t sur les groupes d'un kit ; le curriculum de Zhang et al. 2019 ou l'affinage progressif (van der Wees et al. 2017) sur le classement d'une exécution de sélection.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Kind:</source>
        <translation>&amp;Type :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Kit's &amp;mixture.json:</source>
        <translation>&amp;mixture.json du kit :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Output &amp;prefix:</source>
        <translation>&amp;Préfixe de sortie :</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Schedule &amp;points:</source>
        <translation>P&amp;oints du calendrier :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Switch ste&amp;p T0 (ft-full):</source>
        <translation>Pas de ba&amp;scule T0 (ft-full) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>α at the st&amp;art:</source>
        <translation>α au dé&amp;but :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>α at the &amp;end (anneal):</source>
        <translation>α à la &amp;fin (anneal) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Selection &amp;run:</source>
        <translation>Exécution de &amp;sélection :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;In-domain corpus:</source>
        <translation>Corpus du &amp;domaine :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pool s&amp;hards:</source>
        <translation>P&amp;arties du pool :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;ρ (gradual):</source>
        <translation>&amp;ρ (gradual) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ep&amp;ochs (gradual):</source>
        <translation>É&amp;poques (gradual) :</translation>
    </message>
    <message>
        <location line="+3" />
        <source>MDAC step</source>
        <translation>Pas MDAC</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Step</source>
        <translation>Pas</translation>
    </message>
    <message>
        <location line="+2" />
        <source>One session of MDAC (or DDS): the trainer's per-group rewards update ψ by REINFORCE, λ(ψ) = ψ^β / Σ ψ^β; the state file keeps ψ and the λ trajectory. A new state starts from a kit's mixture.json (its λ_0 and λ^t).</source>
        <translation>Une session de MDAC (ou DDS) : les récompenses par groupe de l'entraîneur mettent ψ à jour par REINFORCE, λ(ψ) = ψ^β / Σ ψ^β ; le fichier d'état garde ψ et la trajectoire de λ. Un nouvel état part du mixture.json d'un kit (son λ_0 et son λ^t).</translation>
    </message>
    <message>
        <location line="+6" />
        <source>The MDAC state file (JSON); it is created from the kit's mixture.json when it does not exist yet.</source>
        <translation>Le fichier d'état MDAC (JSON) ; il est créé à partir du mixture.json du kit s'il n'existe pas encore.</translation>
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
        <translation>État MDAC</translation>
    </message>
    <message>
        <location line="+0" />
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>&amp;State file:</source>
        <translation>Fichier d'&amp;état :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Start from (&amp;mixture.json):</source>
        <translation>Partir de (&amp;mixture.json) :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Rewards file:</source>
        <translation>Fichier de &amp;récompenses :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;β:</source>
        <translation>&amp;β :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Learning rate of ψ:</source>
        <translation>Taux d'&amp;apprentissage de ψ :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Updates per session:</source>
        <translation>&amp;Mises à jour par session :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Re&amp;ward:</source>
        <translation>Ré&amp;compense :</translation>
    </message>
    <message>
        <location line="+26" />
        <source>&amp;Format:</source>
        <translation>&amp;Format :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Compress the training files (gzip)</source>
        <translation>Compresser les fichiers d'entraînement (gzip)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Replace existing files</source>
        <translation>Remplacer les fichiers existants</translation>
    </message>
    <message>
        <location line="+77" />
        <source>The cluster run whose clusters are the groups (the command line's RUN).</source>
        <translation>L'exécution de clustering dont les clusters sont les groupes (RUN de la ligne de commande).</translation>
    </message>
</context>
<context>
    <name>MixturePanel</name>
    <message>
        <location filename="../app/panels/MixturePanel.cpp" line="+24" />
        <source>Open Kit or Training Folder…</source>
        <translation>Ouvrir un kit ou un dossier d'entraînement…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Open λ Trajectory…</source>
        <translation>Ouvrir une trajectoire de λ…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>A schedule (mixture schedule), an MDAC state (mixture step), a training report (train.json) or a trainer's log: one JSON object per line, {"step": N, "lambda": {"group": weight, …}}</source>
        <translation>Un calendrier (mixture schedule), un état MDAC (mixture step), un rapport d'entraînement (train.json) ou le journal d'un entraîneur : un objet JSON par ligne, {"step": N, "lambda": {"groupe": poids, …}}</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Train on This Kit…</source>
        <translation>Entraîner sur ce kit…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Save CSV…</source>
        <translation>Enregistrer en CSV…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Open a mixture kit (mixture kit), a training folder (mixture train) or a λ trajectory.</source>
        <translation>Ouvrez un kit de mélange (mixture kit), un dossier d'entraînement (mixture train) ou une trajectoire de λ.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>mixture</source>
        <translation>melange</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Training step</source>
        <translation>Pas d'entraînement</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Dev loss (nats per token)</source>
        <translation>Perte dev (nats par token)</translation>
    </message>
    <message>
        <location line="+25" />
        <location line="+47" />
        <source>No λ trajectory.</source>
        <translation>Pas de trajectoire de λ.</translation>
    </message>
    <message>
        <location line="-43" />
        <source>Open a mixture kit or a training folder</source>
        <translation>Ouvrir un kit de mélange ou un dossier d'entraînement</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Open a λ trajectory</source>
        <translation>Ouvrir une trajectoire de λ</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Trajectories (*.json *.jsonl *.log);;All files (*)</source>
        <translation>Trajectoires (*.json *.jsonl *.log);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Reading %1…</source>
        <translation>Lecture de %1…</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Could not read %1</source>
        <translation>Impossible de lire %1</translation>
    </message>
    <message>
        <location line="+11" />
        <source>a fixed schedule</source>
        <translation>un calendrier fixe</translation>
    </message>
    <message>
        <location line="+1" />
        <source>a mixture train run</source>
        <translation>une exécution de mixture train</translation>
    </message>
    <message>
        <location line="+1" />
        <source>an MDAC state</source>
        <translation>un état MDAC</translation>
    </message>
    <message>
        <location line="+1" />
        <source>a trainer's log</source>
        <translation>le journal d'un entraîneur</translation>
    </message>
    <message>
        <location line="+3" />
        <source>λ from %1</source>
        <translation>λ issu de %1</translation>
    </message>
    <message numerus="yes">
        <location line="+8" />
        <source>λ of %n group(s) at %1 point(s), %2 %3 to %4</source>
        <translation>
            <numerusform>λ de %n groupe en %1 point(s), %2 %3 à %4</numerusform>
            <numerusform>λ de %n groupes en %1 point(s), %2 %3 à %4</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2" />
        <source>session</source>
        <translation>session</translation>
    </message>
    <message>
        <location line="+0" />
        <source>step</source>
        <translation>pas</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Dev loss per group (J^t: under λ^t)</source>
        <translation>Perte dev par groupe (J^t : sous λ^t)</translation>
    </message>
</context>
<context>
    <name>MixtureTrainDialog</name>
    <message>
        <location filename="../widgets/dialogs/MixtureTrainDialog.cpp" line="+23" />
        <source>Train on a mixture kit</source>
        <translation>Entraîner sur un kit de mélange</translation>
    </message>
    <message>
        <location line="+5" />
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Mixture kit</source>
        <translation>Kit de mélange</translation>
    </message>
    <message>
        <location line="+6" />
        <source>File…</source>
        <translation>Fichier…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Schedule file</source>
        <translation>Fichier de calendrier</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Schedules (*.schedule.json);;All files (*)</source>
        <translation>Calendriers (*.schedule.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+15" />
        <source>Continue from the checkpoint in the work folder</source>
        <translation>Reprendre au point de contrôle du dossier de travail</translation>
    </message>
    <message>
        <location line="+25" />
        <source>&amp;Kit folder:</source>
        <translation>Dossier du &amp;kit :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>λ &amp;from:</source>
        <translation>λ &amp;depuis :</translation>
    </message>
    <message>
        <location line="+4" />
        <source>&amp;Work folder:</source>
        <translation>Dossier de &amp;travail :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Device:</source>
        <translation>&amp;Matériel :</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Training</source>
        <translation>Entraînement</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Steps:</source>
        <translation>&amp;Pas :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Batch (sequences):</source>
        <translation>&amp;Lot (séquences) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>S&amp;eed:</source>
        <translation>&amp;Graine :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Learning &amp;rate:</source>
        <translation>Taux d'&amp;apprentissage :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Dev loss e&amp;very (steps):</source>
        <translation>Perte dev &amp;tous les (pas) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Dev &amp;windows per group:</source>
        <translation>&amp;Fenêtres dev par groupe :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Context (tokens):</source>
        <translation>&amp;Contexte (tokens) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Layers:</source>
        <translation>Co&amp;uches :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>W&amp;idth:</source>
        <translation>La&amp;rgeur :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Heads:</source>
        <translation>Tê&amp;tes :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Vocabulary:</source>
        <translation>&amp;Vocabulaire :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>MDAC / DDS</source>
        <translation>MDAC / DDS</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Steps per sessi&amp;on (K):</source>
        <translation>Pas par sessi&amp;on (K) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Si&amp;mulated steps per group (k):</source>
        <translation>Pas si&amp;mulés par groupe (k) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Learning rate of &amp;ψ:</source>
        <translation>Taux d'apprentissage de &amp;ψ :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Updates per session:</source>
        <translation>&amp;Mises à jour par session :</translation>
    </message>
    <message>
        <location line="+6" />
        <source>A small decoder-only Transformer language model over the kit's training text; its batches' groups are drawn from λ at each step. The dev loss per group under λ^t is measured as it trains; Cancel leaves a checkpoint that “Continue” resumes.</source>
        <translation>Un petit modèle de langue Transformer (décodeur seul) sur le texte d'entraînement du kit ; les groupes de chaque lot sont tirés de λ à chaque pas. La perte dev par groupe sous λ^t est mesurée pendant l'entraînement ; Annuler laisse un point de contrôle que « Reprendre » continue.</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Train</source>
        <translation>Entraîner</translation>
    </message>
</context>
<context>
    <name>ModelInstaller</name>
    <message>
        <location filename="../widgets/jobs/ModelInstaller.cpp" line="+23" />
        <source>Cannot run the installer %1: %2</source>
        <translation>Impossible de lancer le programme d'installation %1 : %2</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Starting the installer for %1…</source>
        <translation>Lancement du programme d'installation de %1…</translation>
    </message>
    <message>
        <location line="+30" />
        <source>Installing %1 was cancelled.</source>
        <translation>L'installation de %1 a été annulée.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1 is installed.</source>
        <translation>%1 est installé.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Installing %1 failed (exit code %2): %3</source>
        <translation>L'installation de %1 a échoué (code de sortie %2) : %3</translation>
    </message>
</context>
<context>
    <name>OutlierAnalysisPanel</name>
    <message>
        <location filename="../app/panels/OutlierAnalysisPanel.cpp" line="+38" />
        <source>(+ %1 more)</source>
        <translation>(+ %1 de plus)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>undefined</source>
        <translation>indéfini</translation>
    </message>
    <message>
        <location line="+5" />
        <location line="+136" />
        <source>No clustering run yet: use Analysis → Cluster…</source>
        <translation>Pas encore de regroupement : Analyse → Regrouper…</translation>
    </message>
    <message>
        <location line="-128" />
        <source>Click a figure to list the sentences behind it.</source>
        <translation>Cliquez sur un chiffre pour lister les phrases correspondantes.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Save table…</source>
        <translation>Enregistrer le tableau…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Save list…</source>
        <translation>Enregistrer la liste…</translation>
    </message>
    <message>
        <location line="+24" />
        <source>Double-click a sentence to find its neighbours.</source>
        <translation>Double-cliquez sur une phrase pour trouver ses voisines.</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Run #%1: reading the outlier analysis…</source>
        <translation>Exécution n°%1 : lecture de l'analyse des valeurs aberrantes…</translation>
    </message>
    <message>
        <location line="+6" />
        <source>This corpus has no domain labels: the outlier analysis needs them.</source>
        <translation>Ce corpus n'a pas d'étiquettes de domaine : l'analyse des valeurs aberrantes en a besoin.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Cannot read the outlier analysis: %1</source>
        <translation>Impossible de lire l'analyse des valeurs aberrantes : %1</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Reading the domain centroids…</source>
        <translation>Lecture des centroïdes de domaine…</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Run #%1 stores no domain-centroid cosines (its corpus has no domain labels).</source>
        <translation>L’exécution n° %1 n’enregistre aucun cosinus des centroïdes de domaine (son corpus n’a pas d’étiquettes de domaine).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Run #%1: cosine of the domains' mean sentence vectors (rows and columns: domains).</source>
        <translation>Exécution n° %1 : cosinus des vecteurs de phrase moyens des domaines (lignes et colonnes : domaines).</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Cannot read the domain centroids: %1</source>
        <translation>Impossible de lire les centroïdes de domaine : %1</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Load a score matrix (e.g. BLEU; CSV: a header ",dom1,dom2,…", then one row per training domain) to correlate it with the cosines, as the paper's Fig. 4.</source>
        <translation>Chargez une matrice de scores (p. ex. BLEU ; CSV : un en-tête ",dom1,dom2,…", puis une ligne par domaine d’entraînement) pour la corréler avec les cosinus, comme la fig. 4 de l’article.</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Reading the sentences of %1, %2…</source>
        <translation>Lecture des phrases de %1, %2…</translation>
    </message>
    <message>
        <location line="+8" />
        <source>%1, %2: %3 sentences</source>
        <translation>%1, %2 : %3 phrases</translation>
    </message>
    <message>
        <location line="+2" />
        <source>(the first %1 listed)</source>
        <translation>(les %1 premières listées)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Cannot read the sentences: %1</source>
        <translation>Impossible de lire les phrases : %1</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Domain centroids (Fig. 4)</source>
        <translation>Centroïdes de domaine (fig. 4)</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Save matrix…</source>
        <translation>Enregistrer la matrice…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Load cross-domain scores (CSV)…</source>
        <translation>Charger des scores inter-domaines (CSV)…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>A matrix of scores between domains (e.g. BLEU of a model trained on the row's domain, tested on the column's): a header ",dom1,dom2,…", then one row per domain "domX,v1,v2,…".</source>
        <translation>Une matrice de scores entre domaines (p. ex. le BLEU d’un modèle entraîné sur le domaine de la ligne, testé sur celui de la colonne) : un en-tête ",dom1,dom2,…", puis une ligne par domaine "domX,v1,v2,…".</translation>
    </message>
    <message>
        <location line="+32" />
        <source>Load cross-domain scores</source>
        <translation>Charger des scores inter-domaines</translation>
    </message>
    <message>
        <location line="+1" />
        <source>CSV files (*.csv *.txt);;All files (*)</source>
        <translation>Fichiers CSV (*.csv *.txt);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Reading the scores in %1…</source>
        <translation>Lecture des scores de %1…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Show a clustering run first: the scores are correlated with its centroids.</source>
        <translation>Affichez d’abord une exécution de clustering : les scores sont corrélés avec ses centroïdes.</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Cannot use the scores: %1</source>
        <translation>Impossible d’utiliser les scores : %1</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Scores from %1. Pearson r with the same-domain points (as the paper's Fig. 4): %2 (%3 pairs) · without them: %4 (%5 pairs)</source>
        <translation>Scores de %1. r de Pearson avec les points d’un même domaine (comme la fig. 4 de l’article) : %2 (%3 paires) · sans eux : %4 (%5 paires)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Run domains the file has no scores for (left out): %1</source>
        <translation>Domaines de l’exécution sans score dans le fichier (omis) : %1</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Domains in the file that the run lacks (left out): %1</source>
        <translation>Domaines du fichier absents de l’exécution (omis) : %1</translation>
    </message>
    <message>
        <location filename="../app/services/OutlierAnalysisQueries.cpp" line="+54" />
        <source>Run #%1: outliers are sentences whose cluster maps to another domain (Aharoni &amp; Goldberg 2020, section 2.6).</source>
        <translation>Exécution n°%1 : les valeurs aberrantes sont les phrases dont le cluster correspond à un autre domaine (Aharoni &amp; Goldberg 2020, section 2.6).</translation>
    </message>
    <message>
        <location line="+6" />
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <location line="+4" />
        <source>All clusters</source>
        <translation>Tous les clusters</translation>
    </message>
</context>
<context>
    <name>OutlierBrowser</name>
    <message>
        <location filename="../app/panels/OutlierBrowser.cpp" line="+24" />
        <source>Only outliers</source>
        <translation>Seulement les aberrants</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Sentences whose cluster maps to another domain than their own (the paper's Table 2).</source>
        <translation>Phrases dont le groupe correspond à un autre domaine que le leur (tableau 2 de l'article).</translation>
    </message>
    <message>
        <location line="+2" />
        <location line="+83" />
        <source>any</source>
        <translation>tous</translation>
    </message>
    <message>
        <location line="-83" />
        <source>with digits</source>
        <translation>avec chiffres</translation>
    </message>
    <message>
        <location line="+0" />
        <source>without digits</source>
        <translation>sans chiffres</translation>
    </message>
    <message>
        <location line="+5" />
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Search text…</source>
        <translation>Rechercher du texte…</translation>
    </message>
    <message>
        <location line="+5" />
        <source>From</source>
        <translation>De</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Digits</source>
        <translation>Chiffres</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Tokens</source>
        <translation>Jetons</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Copy rows</source>
        <translation>Copier les lignes</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Find neighbours of this sentence</source>
        <translation>Trouver les voisines de cette phrase</translation>
    </message>
    <message>
        <location line="+27" />
        <source>%1 sentences</source>
        <translation>%1 phrases</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Error</source>
        <translation>Erreur</translation>
    </message>
    <message>
        <location line="+48" />
        <source>Counting…</source>
        <translation>Comptage…</translation>
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
        <translation>Cliquez pour lister les phrases derrière ce chiffre.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Target cluster</source>
        <translation>Cluster cible</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sentences</source>
        <translation>Phrases</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Outliers</source>
        <translation>Aberrants</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Mean tokens, outliers</source>
        <translation>Jetons moyens, aberrantes</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Mean tokens, all</source>
        <translation>Jetons moyens, toutes</translation>
    </message>
    <message>
        <location line="+1" />
        <source>With digits, outliers</source>
        <translation>Avec chiffres, aberrantes</translation>
    </message>
    <message>
        <location line="+1" />
        <source>With digits, all</source>
        <translation>Avec chiffres, toutes</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pronoun or '?', outliers</source>
        <translation>Pronom ou '?', aberrantes</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pronoun or '?', all</source>
        <translation>Pronom ou '?', toutes</translation>
    </message>
</context>
<context>
    <name>OutlierTableModel</name>
    <message>
        <location filename="../app/services/OutlierTableModel.cpp" line="+60" />
        <source>Run %1 is not a clustering run.</source>
        <translation>L'exécution %1 n'est pas un regroupement.</translation>
    </message>
    <message>
        <location line="+119" />
        <source>Loading…</source>
        <translation>Chargement…</translation>
    </message>
    <message>
        <location line="+18" />
        <source>Sentence</source>
        <translation>Phrase</translation>
    </message>
    <message>
        <location line="+1" />
        <source>True domain</source>
        <translation>Domaine réel</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cluster</source>
        <translation>Regrouper</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cluster's domain</source>
        <translation>Domaine du groupe</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Probability</source>
        <translation>Probabilité</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tokens</source>
        <translation>Jetons</translation>
    </message>
    <message>
        <location line="+45" />
        <source>No clustering run is shown.</source>
        <translation>Aucun regroupement n'est affiché.</translation>
    </message>
    <message>
        <location line="+2" />
        <location line="+15" />
        <location line="+2" />
        <source>Cannot write %1: %2</source>
        <translation>Impossible d'écrire %1 : %2</translation>
    </message>
</context>
<context>
    <name>ParamFieldWidgets</name>
    <message>
        <location filename="../widgets/dialogs/ParamFieldWidgets.cpp" line="+29" />
        <source>auto</source>
        <translation>auto</translation>
    </message>
</context>
<context>
    <name>PlotExport</name>
    <message>
        <location filename="../widgets/plots/PlotExport.cpp" line="+25" />
        <source>PNG image (*.png);;SVG vector image (*.svg);;PDF document (*.pdf)</source>
        <translation>Image PNG (*.png);;Image vectorielle SVG (*.svg);;Document PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+3" />
        <location line="+31" />
        <source>Nothing to save.</source>
        <translation>Rien à enregistrer.</translation>
    </message>
    <message>
        <location line="-17" />
        <source>Plot exported by DomainLens</source>
        <translation>Graphique exporté par DomainLens</translation>
    </message>
    <message>
        <location line="+2" />
        <location line="+10" />
        <location line="+16" />
        <location line="+9" />
        <location line="+7" />
        <source>Cannot write %1.</source>
        <translation>Impossible d'écrire %1.</translation>
    </message>
    <message>
        <location line="-35" />
        <location line="+32" />
        <source>Unknown image format "%1": use .png, .svg or .pdf.</source>
        <translation>Format d'image inconnu « %1 » : utilisez .png, .svg ou .pdf.</translation>
    </message>
    <message>
        <location line="+11" />
        <location line="+17" />
        <location line="+9" />
        <source>Save image</source>
        <translation>Enregistrer l'image</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Save…</source>
        <translation>Enregistrer…</translation>
    </message>
</context>
<context>
    <name>PrecisionCutoffView</name>
    <message>
        <location filename="../widgets/plots/PrecisionCutoffView.cpp" line="+19" />
        <source>Cut-off (top N of the ranked pool)</source>
        <translation>Coupure (les N premières phrases du pool classé)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Precision (share in-domain)</source>
        <translation>Précision (part dans le domaine)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>precision-at-cutoff</source>
        <translation>precision-a-la-coupure</translation>
    </message>
    <message>
        <location line="+31" />
        <source>true size %1 </source>
        <translation>taille réelle %1 </translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/services/JobFactory.cpp" line="+52" />
        <source>%1 was already encoded with %2.</source>
        <translation>%1 était déjà encodé avec %2.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Encoded %1 sentences of %2 with %3 (%4 sentences/s on %5).</source>
        <translation>%1 phrases de %2 encodées avec %3 (%4 phrases/s sur %5).</translation>
    </message>
    <message>
        <location line="+34" />
        <source>Layer sweep run #%1: best layer by purity %2, by silhouette %3.</source>
        <translation>Balayage des couches n° %1 : meilleure couche selon la pureté %2, selon la silhouette %3.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Layer sweep run #%1: silhouette picks layer %2.</source>
        <translation>Balayage des couches n° %1 : la silhouette désigne la couche %2.</translation>
    </message>
    <message>
        <location line="+15" />
        <source>k sweep %1–%2: lowest BIC at k = %3.</source>
        <translation>Balayage de k %1–%2 : BIC minimal pour k = %3.</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Clustering run #%1: purity %2 ± %3 % over %4 seeds (random baseline %5 %).</source>
        <translation>Regroupement n° %1 : pureté %2 ± %3 % sur %4 graines (hasard %5 %).</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Clustering run #%1 stored (no domain labels: no purity).</source>
        <translation>Regroupement n° %1 enregistré (pas d'étiquettes de domaine : pas de pureté).</translation>
    </message>
    <message>
        <location line="+19" />
        <source>Selection run #%1 (cross-lingual): %2 of %3 pool sentences selected.</source>
        <translation>Sélection n° %1 (interlingue) : %2 sur %3 phrases du pool sélectionnées.</translation>
    </message>
    <message>
        <location line="+18" />
        <source>Selection run #%1 (%2): %3 of %4 pool sentences selected.</source>
        <translation>Sélection n° %1 (%2) : %3 sur %4 phrases du pool sélectionnées.</translation>
    </message>
    <message>
        <location line="+21" />
        <source>Filter run #%1 (%2) on %3: %4 of %5 sentences kept, %6 removed.</source>
        <translation>Filtrage n° %1 (%2) sur %3 : %4 des %5 phrases gardées, %6 retirées.</translation>
    </message>
    <message>
        <location line="+23" />
        <source>Exported %1 files; manifest %2.</source>
        <translation>%1 fichiers exportés ; manifeste %2.</translation>
    </message>
    <message>
        <location line="+18" />
        <source>Trained %1 steps: dev loss under λ^t %2 (perplexity %3); report %4.</source>
        <translation>%1 pas entraînés : perte dev sous λ^t %2 (perplexité %3) ; rapport %4.</translation>
    </message>
    <message>
        <location line="+48" />
        <source>Mixture kit of %1 groups in %2.</source>
        <translation>Kit de mélange de %1 groupes dans %2.</translation>
    </message>
    <message>
        <location line="+14" />
        <source>λ^t: %1.</source>
        <translation>λ^t : %1.</translation>
    </message>
    <message>
        <location line="+15" />
        <source>Schedule %1: %2 entries in %3.schedule.json.</source>
        <translation>Calendrier %1 : %2 entrées dans %3.schedule.json.</translation>
    </message>
    <message>
        <location line="+17" />
        <source>MDAC session %1: λ %2.</source>
        <translation>Session MDAC %1 : λ %2.</translation>
    </message>
    <message>
        <location line="+22" />
        <source>Full map of %1: run #%2 on %L3 sentences; the first map (run #%4, %L5 sentences) agrees on %6 % of the labels.</source>
        <translation>Carte complète de %1 : exécution n° %2 sur %L3 phrases ; la première carte (exécution n° %4, %L5 phrases) concorde pour %6 % des étiquettes.</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Map of %1: run #%2 on all %L3 sentences.</source>
        <translation>Carte de %1 : exécution n° %2 sur les %L3 phrases.</translation>
    </message>
    <message>
        <location line="+26" />
        <source>Shared map of run #%1 written: %2 (%3 of %4 points).</source>
        <translation>Carte partagée de l’exécution n° %1 écrite : %2 (%3 sur %4 points).</translation>
    </message>
    <message>
        <location filename="../app/services/ProjectQueries.cpp" line="+77" />
        <source>last layer</source>
        <translation>dernière couche</translation>
    </message>
    <message>
        <location line="+0" />
        <source>layer %1</source>
        <translation>couche %1</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1 by purity</source>
        <translation>%1 selon la pureté</translation>
    </message>
    <message>
        <location line="+0" />
        <source>%1 by silhouette</source>
        <translation>%1 selon la silhouette</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 by purity (%2 %)</source>
        <translation>%1 selon la pureté (%2 %)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 by silhouette (%2)</source>
        <translation>%1 selon la silhouette (%2)</translation>
    </message>
    <message>
        <location line="+9" />
        <source>purity %1 ± %2 %</source>
        <translation>pureté %1 ± %2 %</translation>
    </message>
    <message>
        <location line="+7" />
        <source>%1 of %2 selected</source>
        <translation>%1 sur %2 sélectionnées</translation>
    </message>
    <message>
        <location line="+6" />
        <source>%1 of %2 removed</source>
        <translation>%1 sur %2 retirées</translation>
    </message>
    <message>
        <location filename="../app/services/RunViews.cpp" line="+93" />
        <source>Purity %1 ± %2 % · NMI %3 · ARI %4 · random baseline %5 % (%6 seeds)</source>
        <translation>Pureté %1 ± %2 % · NMI %3 · ARI %4 · hasard %5 % (%6 graines)</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Run #%1: k = %2, %3 covariance, %4 sentences</source>
        <translation>Exécution n° %1 : k = %2, covariance %3, %4 phrases</translation>
    </message>
    <message>
        <location line="+20" />
        <source>, both sides (bilingual contrast)</source>
        <translation>, les deux côtés (contraste bilingue)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>, target side</source>
        <translation>, côté cible</translation>
    </message>
    <message>
        <location line="+4" />
        <source>; departs from the paper: %1 = %2 (paper: %3)</source>
        <translation>; s’écarte de l’article : %1 = %2 (article : %3)</translation>
    </message>
    <message>
        <location line="+46" />
        <source>Run #%1: %2, seed %3</source>
        <translation>Exécution n° %1 : %2, amorce %3</translation>
    </message>
    <message>
        <location line="+1" />
        <source> (%1 seed sentences found in the pool are not ranked)</source>
        <translation> (%1 phrases d'amorce présentes dans le pool ne sont pas classées)</translation>
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
        <translation>Exécution n° %1 (k = %2) contre n° %3 (k = %4) : NMI %5 · ARI %6 sur %7 phrases</translation>
    </message>
    <message>
        <location line="+18" />
        <location line="+5" />
        <source>⚠ cannot read sentence %1: %2</source>
        <translation>⚠ impossible de lire la phrase %1 : %2</translation>
    </message>
    <message>
        <location line="+1" />
        <source>⚠ sentence %1 is not in the project</source>
        <translation>⚠ la phrase %1 n'est pas dans le projet</translation>
    </message>
    <message>
        <location filename="../app/services/CutoffComparison.cpp" line="+49" />
        <source>Precision at cut-off, in-domain label '%1' (%2 in the pool)</source>
        <translation>Précision à la coupure, étiquette du domaine « %1 » (%2 dans le pool)</translation>
    </message>
    <message>
        <location line="+14" />
        <source>#%1 %2, iteration %3</source>
        <translation>#%1 %2, itération %3</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/panels/SelectionExplorer.cpp" line="+32" />
        <source>include %n sentence(s)</source>
        <translation>
            <numerusform>inclure %n phrase</numerusform>
            <numerusform>inclure %n phrases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1" />
        <source>exclude %n sentence(s)</source>
        <translation>
            <numerusform>exclure %n phrase</numerusform>
            <numerusform>exclure %n phrases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1" />
        <source>reset %n sentence(s)</source>
        <translation>
            <numerusform>réinitialiser %n phrase</numerusform>
            <numerusform>réinitialiser %n phrases</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/services/LayerSweepData.cpp" line="+26" />
        <source>Purity</source>
        <translation>Pureté</translation>
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
        <translation>dernière</translation>
    </message>
    <message>
        <location line="-2" />
        <source>Run #%1: layer sweep of %2, k = %3 — chosen layer %4 (by %5)</source>
        <translation>Exécution n°%1 : balayage des couches de %2, k = %3 — couche choisie %4 (par %5)</translation>
    </message>
    <message>
        <location filename="../app/services/MapValues.cpp" line="+60" />
        <source>Run #%1 %2: score</source>
        <translation>Exécution n°%1 %2 : score</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Run #%1 %2: classifier probability</source>
        <translation>Exécution n°%1 %2 : probabilité du classifieur</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Run #%1 GMM: max responsibility</source>
        <translation>Exécution n°%1 GMM : responsabilité maximale</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Run #%1 GMM: log-likelihood</source>
        <translation>Exécution n°%1 GMM : log-vraisemblance</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Run #%1 filter %2: removed</source>
        <translation>Exécution n° %1 filtre %2 : retirées</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Run #%1 filter %2: score of the removed</source>
        <translation>Exécution n° %1 filtre %2 : score des retirées</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Tag “%1” (%2 sentences)</source>
        <translation>Étiquette « %1 » (%2 phrases)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Sentence length (tokens)</source>
        <translation>Longueur de phrase (jetons)</translation>
    </message>
    <message>
        <location line="+75" />
        <source>Mixture %1: λ^t of the cluster</source>
        <translation>Mélange %1 : λ^t du cluster</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Mixture %1: λ_0 of the cluster</source>
        <translation>Mélange %1 : λ_0 du cluster</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Mixture %1: last λ of the trajectory</source>
        <translation>Mélange %1 : dernier λ de la trajectoire</translation>
    </message>
    <message>
        <location filename="../app/services/MethodComparison.cpp" line="+75" />
        <source>Map of clustering run #%1</source>
        <translation>Carte de l'exécution de clustering n°%1</translation>
    </message>
    <message>
        <location line="+66" />
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Top %1 of each run · %2 sentences kept by at least one, %3 by all</source>
        <translation>%1 premiers de chaque exécution · %2 phrases gardées par au moins une, %3 par toutes</translation>
    </message>
    <message>
        <location line="+9" />
        <source>kept by both</source>
        <translation>gardées par les deux</translation>
    </message>
    <message>
        <location line="+0" />
        <location line="+1" />
        <location line="+46" />
        <source>only %1</source>
        <translation>seulement %1</translation>
    </message>
    <message>
        <location line="-10" />
        <source>in the top k of %1</source>
        <translation>dans les k premiers de %1</translation>
    </message>
    <message>
        <location line="+11" />
        <source>all methods</source>
        <translation>toutes les méthodes</translation>
    </message>
    <message>
        <location filename="../app/panels/MethodsExplorer.cpp" line="-249" />
        <source>Save CSV…</source>
        <translation>Enregistrer en CSV…</translation>
    </message>
    <message>
        <location filename="../app/services/AssignRunView.cpp" line="+67" />
        <source>Purity %1 % · NMI %2 · ARI %3 over %4 labelled sentences (the cluster run's model applied)</source>
        <translation>Pureté %1 % · NMI %2 · ARI %3 sur %4 phrases étiquetées (modèle de l'exécution de clustering appliqué)</translation>
    </message>
    <message>
        <location line="+59" />
        <source>Run #%1: cluster run #%2 applied to %3 sentences in shards, k = %4</source>
        <translation>Exécution n°%1 : exécution de clustering n°%2 appliquée à %3 phrases en fragments, k = %4</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Run #%1: cluster run #%2 applied to %3 of %4 sentences so far (explore), k = %5</source>
        <translation>Exécution n° %1 : exécution de clustering n° %2 appliquée jusqu’ici à %3 phrases sur %4 (exploration), k = %5</translation>
    </message>
    <message>
        <location filename="../app/services/FilterQueries.cpp" line="+91" />
        <source>Cluster </source>
        <translation>Cluster </translation>
    </message>
    <message>
        <location line="+9" />
        <source>Jaccard similarity to the kept twin</source>
        <translation>Similarité de Jaccard avec le jumeau gardé</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Cosine to the kept twin</source>
        <translation>Cosinus avec le jumeau gardé</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Probability of the expected language</source>
        <translation>Probabilité de la langue attendue</translation>
    </message>
    <message>
        <location filename="../app/services/TagCommand.cpp" line="+22" />
        <source>Tag “%1”</source>
        <translation>Étiqueter « %1 »</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Untag “%1”</source>
        <translation>Retirer l'étiquette « %1 »</translation>
    </message>
    <message>
        <location filename="../app/services/MixtureViews.cpp" line="+129" />
        <source>Dev loss: the %1 groups of the largest λ^t of %2, and J^t.</source>
        <translation>Perte dev : les %1 groupes au plus grand λ^t sur %2, et J^t.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>J^t (under λ^t)</source>
        <translation>J^t (sous λ^t)</translation>
    </message>
    <message>
        <location line="+38" />
        <source>λ^t from `mixture target`: build a kit with it as the target (--target FILE).</source>
        <translation>λ^t de `mixture target` : créer un kit avec lui comme cible (--target FILE).</translation>
    </message>
    <message>
        <location line="+41" />
        <source>The kit this run trained on (%1) is not there any more: no group table.</source>
        <translation>Le kit de cette exécution (%1) n'existe plus : pas de tableau des groupes.</translation>
    </message>
    <message>
        <location line="+32" />
        <source>λ over training: %1</source>
        <translation>λ au fil de l'entraînement : %1</translation>
    </message>
    <message>
        <location line="+3" />
        <source>No λ trajectory in this kit: open a schedule, a `mixture train` folder or a trainer's log.</source>
        <translation>Pas de trajectoire de λ dans ce kit : ouvrez un calendrier, un dossier `mixture train` ou le journal d'un entraîneur.</translation>
    </message>
</context>
<context>
    <name>RemovalTableModel</name>
    <message>
        <location filename="../widgets/models/RemovalTableModel.cpp" line="+56" />
        <source>#%1: %2</source>
        <translation>n° %1 : %2</translation>
    </message>
    <message>
        <location line="+18" />
        <source>Line</source>
        <translation>Ligne</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Rule</source>
        <translation>Règle</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Removed sentence</source>
        <translation>Phrase retirée</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Kept sentence it duplicates</source>
        <translation>Phrase gardée qu'elle duplique</translation>
    </message>
</context>
<context>
    <name>RunListModel</name>
    <message>
        <location filename="../app/services/RunListModel.cpp" line="+29" />
        <source>clustering</source>
        <translation>regroupement</translation>
    </message>
    <message>
        <location line="+1" />
        <source>selection</source>
        <translation>sélection</translation>
    </message>
    <message>
        <location line="+1" />
        <source>k sweep</source>
        <translation>Balayage de k</translation>
    </message>
    <message>
        <location line="+1" />
        <source>layer sweep</source>
        <translation>balayage des couches</translation>
    </message>
    <message>
        <location line="+1" />
        <source>cleaning filter</source>
        <translation>filtre de nettoyage</translation>
    </message>
    <message>
        <location line="+19" />
        <source>Run</source>
        <translation>Exécution</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Corpus</source>
        <translation>Corpus</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Parameters</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Created (UTC)</source>
        <translation>Créé (UTC)</translation>
    </message>
</context>
<context>
    <name>ScatterPlotView</name>
    <message>
        <location filename="../widgets/plots/ScatterPlotView.cpp" line="+32" />
        <source>PC1</source>
        <translation>CP1</translation>
    </message>
    <message>
        <location line="+1" />
        <source>PC2</source>
        <translation>CP2</translation>
    </message>
    <message>
        <location line="+68" />
        <source>Pan/zoom</source>
        <translation>Déplacer/zoomer</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Drag to pan, wheel to zoom</source>
        <translation>Glisser pour déplacer, molette pour zoomer</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Rectangle</source>
        <translation>Rectangle</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Drag a rectangle to select points (Shift adds)</source>
        <translation>Tracez un rectangle pour sélectionner des points (Maj ajoute)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Lasso</source>
        <translation>Lasso</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Draw around points to select them (Shift adds)</source>
        <translation>Entourez des points pour les sélectionner (Maj ajoute)</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Reset view</source>
        <translation>Réinitialiser la vue</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Show all points</source>
        <translation>Afficher tous les points</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Clear selection</source>
        <translation>Effacer la sélection</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Deselect all points</source>
        <translation>Désélectionner tous les points</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Save…</source>
        <translation>Enregistrer…</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Save the plot as PNG, SVG or PDF</source>
        <translation>Enregistrer le graphique en PNG, SVG ou PDF</translation>
    </message>
    <message>
        <location line="+2" />
        <source>scatter</source>
        <translation>nuage</translation>
    </message>
    <message>
        <location line="+79" />
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+12" />
        <source>+%1 more (%2): the legend lists the %3 largest</source>
        <translation>+%1 autres (%2) : la légende montre les %3 plus grands</translation>
    </message>
    <message>
        <location line="+219" />
        <source>No points</source>
        <translation>Aucun point</translation>
    </message>
    <message>
        <location line="+1" />
        <source> of %1</source>
        <translation> sur %1</translation>
    </message>
    <message>
        <location line="+2" />
        <source> · %1 without coordinates</source>
        <translation> · %1 sans coordonnées</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Density of %1 points%2</source>
        <translation>Densité de %1 points%2</translation>
    </message>
    <message>
        <location line="+1" />
        <source>%1 points%2, drawn as dots</source>
        <translation>%1 points%2, dessinés en pixels</translation>
    </message>
    <message>
        <location line="+3" />
        <source>%1 points%2</source>
        <translation>%1 points%2</translation>
    </message>
    <message>
        <location line="+6" />
        <source> · %1 in the cut (k = %2)</source>
        <translation> · %1 dans le seuil (k = %2)</translation>
    </message>
    <message>
        <location line="+1" />
        <source> · %1 selected</source>
        <translation> · %1 sélectionnées</translation>
    </message>
    <message>
        <location line="+89" />
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <location line="+0" />
        <source>value</source>
        <translation>valeur</translation>
    </message>
</context>
<context>
    <name>ScoreCdfView</name>
    <message>
        <location filename="../widgets/plots/ScoreCdfView.cpp" line="+19" />
        <source>Share ≤ score</source>
        <translation>Part ≤ score</translation>
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
        <translation>Phrases</translation>
    </message>
    <message>
        <location line="+3" />
        <source>not selected</source>
        <translation>non sélectionnée</translation>
    </message>
    <message>
        <location line="+4" />
        <source>selected</source>
        <translation>sélectionnée</translation>
    </message>
    <message>
        <location line="+5" />
        <source>labelled in-domain</source>
        <translation>étiquetées dans le domaine</translation>
    </message>
    <message>
        <location line="+29" />
        <source>Recall</source>
        <translation>Rappel</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Precision</source>
        <translation>Précision</translation>
    </message>
    <message>
        <location line="+11" />
        <source>No domain labels in this pool:
precision and recall are not available.</source>
        <translation>Pas d'étiquettes de domaine dans ce pool :
précision et rappel indisponibles.</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Sentences scoring at least this much are selected (drag the line in the histogram).</source>
        <translation>Les phrases dont le score atteint au moins cette valeur sont sélectionnées (faites glisser la ligne de l'histogramme).</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Select this many best-scoring sentences.</source>
        <translation>Sélectionner ce nombre de phrases les mieux notées.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Save…</source>
        <translation>Enregistrer…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>scores</source>
        <translation>scores</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Threshold:</source>
        <translation>Seuil :</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Top k:</source>
        <translation>Top k :</translation>
    </message>
    <message>
        <location line="+47" />
        <source>at least</source>
        <translation>au moins</translation>
    </message>
    <message>
        <location line="+0" />
        <source>at most</source>
        <translation>au plus</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Sentences scoring %1 this much are selected (drag the line in the histogram).</source>
        <translation>Les phrases dont le score est %1 cette valeur sont sélectionnées (faites glisser la ligne de l'histogramme).</translation>
    </message>
    <message>
        <location line="+114" />
        <source>No scores</source>
        <translation>Aucun score</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Selected %1 of %2 (%3%)</source>
        <translation>%1 sur %2 sélectionnées (%3 %)</translation>
    </message>
    <message>
        <location line="+3" />
        <source> — %1 tie at the threshold</source>
        <translation> — %1 ex æquo au seuil</translation>
    </message>
    <message>
        <location line="+3" />
        <source> · precision %1 · recall %2 · F1 %3</source>
        <translation> · précision %1 · rappel %2 · F1 %3</translation>
    </message>
    <message>
        <location line="+25" />
        <source>threshold %1</source>
        <translation>seuil %1</translation>
    </message>
</context>
<context>
    <name>SearchExplorer</name>
    <message>
        <location filename="../app/panels/SearchExplorer.cpp" line="+31" />
        <source>Type or paste a sentence (neighbours) or words (full text)</source>
        <translation>Saisissez ou collez une phrase (voisines) ou des mots (texte intégral)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>How many nearest sentences to list</source>
        <translation>Nombre de phrases les plus proches à lister</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Find neighbours</source>
        <translation>Trouver les voisines</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Encode the sentence with the corpus's model, show where it lands and its nearest sentences (cosine).</source>
        <translation>Encoder la phrase avec le modèle du corpus, montrer où elle tombe et ses phrases les plus proches (cosinus).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Find words</source>
        <translation>Trouver les mots</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Full-text search: sentences containing every word (word* matches a prefix).</source>
        <translation>Recherche plein texte : phrases contenant chaque mot (mot* correspond à un préfixe).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Save list…</source>
        <translation>Enregistrer la liste…</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Results</source>
        <translation>Résultats</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tag, untag, include or exclude the listed results (Edit &gt; Undo takes it back).</source>
        <translation>Étiqueter, désétiqueter, inclure ou exclure les résultats listés (Édition &gt; Annuler le reprend).</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Neighbours:</source>
        <translation>Voisines :</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Show a clustering run to search on its map.</source>
        <translation>Affichez une exécution de clustering pour chercher sur sa carte.</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Double-click a sentence to find its neighbours.</source>
        <translation>Double-cliquez sur une phrase pour trouver ses voisines.</translation>
    </message>
    <message>
        <location line="+54" />
        <source>Run #%1: preparing the map…</source>
        <translation>Exécution n°%1 : préparation de la carte…</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Run #%1: type a sentence and press Enter, or words and Find words.</source>
        <translation>Exécution n°%1 : saisissez une phrase et appuyez sur Entrée, ou des mots et Trouver les mots.</translation>
    </message>
    <message numerus="yes">
        <location line="+16" />
        <source>the %n listed search result(s)</source>
        <translation>
            <numerusform>le %n résultat de recherche listé</numerusform>
            <numerusform>les %n résultats de recherche listés</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15" />
        <source>Encoding the sentence and comparing it with %1 stored vectors…</source>
        <translation>Encodage de la phrase et comparaison avec %1 vecteurs stockés…</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Find the neighbours of a sentence</source>
        <translation>Trouver les voisines d'une phrase</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Cancelled.</source>
        <translation>Annulé.</translation>
    </message>
    <message numerus="yes">
        <location line="+13" />
        <source>%n nearest of %1 sentences (cosine, exact).</source>
        <translation>
            <numerusform>%n plus proche parmi %1 phrases (cosinus, exact).</numerusform>
            <numerusform>%n plus proches parmi %1 phrases (cosinus, exact).</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3" />
        <source>The yellow diamond is where the sentence lands; rings are its neighbours.</source>
        <translation>Le losange jaune montre où tombe la phrase ; les anneaux sont ses voisines.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Not placed on the map: %1</source>
        <translation>Non placée sur la carte : %1</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Searching…</source>
        <translation>Recherche…</translation>
    </message>
    <message>
        <location line="+13" />
        <source>Indexing the corpus for full-text search (once)…</source>
        <translation>Indexation du corpus pour la recherche plein texte (une fois)…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Full-text index</source>
        <translation>Index plein texte</translation>
    </message>
    <message>
        <location line="+16" />
        <source>%1 sentences contain “%2”.</source>
        <translation>%1 phrases contiennent « %2 ».</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The first %1 are listed.</source>
        <translation>Les %1 premières sont listées.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1 are marked on the map.</source>
        <translation>%1 sont marquées sur la carte.</translation>
    </message>
</context>
<context>
    <name>SearchHitModel</name>
    <message>
        <location filename="../widgets/models/SearchHitModel.cpp" line="+47" />
        <source>%1
(not on this map)</source>
        <translation>%1
(pas sur cette carte)</translation>
    </message>
    <message>
        <location line="+8" />
        <source>#</source>
        <translation>n°</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cosine</source>
        <translation>Cosinus</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Domain</source>
        <translation>Domaine</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sentence</source>
        <translation>Phrase</translation>
    </message>
</context>
<context>
    <name>SelectDialog</name>
    <message>
        <location filename="../widgets/dialogs/SelectDialog.cpp" line="+28" />
        <source>Select in-domain data</source>
        <translation>Sélectionner des données du domaine</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Domain-Cosine (similarity to the seed mean)</source>
        <translation>Domain-Cosine (similarité avec la moyenne de l'amorce)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Domain-Finetune on frozen vectors (a classifier, two positive-unlabeled rounds)</source>
        <translation>Domain-Finetune sur vecteurs figés (un classifieur, deux tours positifs-non étiquetés)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Domain-Finetune training the whole encoder (slow without a GPU)</source>
        <translation>Domain-Finetune en entraînant tout l'encodeur (lent sans GPU)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Moore-Lewis (n-gram cross-entropy difference)</source>
        <translation>Moore-Lewis (différence d'entropie croisée de modèles n-grammes)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Axelrod (bilingual Moore-Lewis)</source>
        <translation>Axelrod (Moore-Lewis bilingue)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>In vs pseudo-out contrast (iterated)</source>
        <translation>Contraste in / pseudo-out (itéré)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Invitation model (latent in/out domains, IBM-1 tables + LMs, EM; bilingual)</source>
        <translation>Modèle Invitation (domaines in/out latents, tables IBM-1 + modèles de langue, EM ; bilingue)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cross-lingual (seed and pool in different languages)</source>
        <translation>Interlingue (amorce et pool dans des langues différentes)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Trains every weight of the encoder. Measured with the default encoder, on a GPU too: no better than Domain-Finetune on frozen vectors.</source>
        <translation>Entraîne tous les poids de l'encodeur. Mesuré avec l'encodeur par défaut, sur GPU aussi : pas meilleur que Domain-Finetune sur vecteurs figés.</translation>
    </message>
    <message>
        <location line="+14" />
        <source>(all sentences)</source>
        <translation>(toutes les phrases)</translation>
    </message>
    <message>
        <location line="+11" />
        <source>all</source>
        <translation>tout</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Use a random sample of this many seed sentences (they are left out of the ranking).</source>
        <translation>Utiliser un échantillon aléatoire de ce nombre de phrases d'amorce (elles sont exclues du classement).</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Lowest by LM contrast (Axelrod)</source>
        <translation>Scores les plus bas par contraste de modèles de langue (Axelrod)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Lowest by lexical tables (IBM Model 1)</source>
        <translation>Scores les plus bas par tables lexicales (IBM Model 1)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Source side</source>
        <translation>Côté source</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Target side</source>
        <translation>Côté cible</translation>
    </message>
    <message>
        <location line="+3" />
        <source>One side</source>
        <translation>Un côté</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Both sides, summed (bilingual contrast)</source>
        <translation>Les deux côtés, additionnés (contraste bilingue)</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Settings of the method</source>
        <translation>Réglages de la méthode</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Method default (top 10%; Domain-Finetune: p &gt; 0.5)</source>
        <translation>Par défaut de la méthode (10 % les meilleurs ; Domain-Finetune : p &gt; 0,5)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Top k:</source>
        <translation>Top k :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Score at least:</source>
        <translation>Score d'au moins :</translation>
    </message>
    <message>
        <location line="+17" />
        <source>&amp;Method:</source>
        <translation>&amp;Méthode :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Pool:</source>
        <translation>&amp;Pool :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Filter run:</source>
        <translation>&amp;Filtrage :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Seed corpus:</source>
        <translation>Corpus d'&amp;amorce :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Seed &amp;domain:</source>
        <translation>&amp;Domaine d'amorce :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Seed sa&amp;mple:</source>
        <translation>É&amp;chantillon d'amorce :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sample s&amp;eed:</source>
        <translation>&amp;Graine de l'échantillon :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pa&amp;rallel corpus:</source>
        <translation>Corpus pa&amp;rallèle :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Iterations:</source>
        <translation>&amp;Itérations :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pseudo-&amp;out set:</source>
        <translation>Ensemble pseudo-&amp;out :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Si&amp;des:</source>
        <translation>Cô&amp;tés :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Sid&amp;e:</source>
        <translation>&amp;Côté :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cut:</source>
        <translation>Coupure :</translation>
    </message>
    <message>
        <location line="+17" />
        <source>Select</source>
        <translation>Sélectionner</translation>
    </message>
</context>
<context>
    <name>SelectMethodSettings</name>
    <message>
        <location filename="../widgets/dialogs/SelectMethodSettings.cpp" line="+31" />
        <source>(the method's default)</source>
        <translation>(valeur par défaut de la méthode)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>DomainLens's (measured defaults)</source>
        <translation>Ceux de DomainLens (valeurs mesurées)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The paper's</source>
        <translation>Ceux de l'article</translation>
    </message>
    <message>
        <location line="+14" />
        <source>The method's default</source>
        <translation>Valeur par défaut de la méthode</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The seed's words (the papers')</source>
        <translation>Les mots de l'amorce (comme les articles)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The seed's and the pool's words</source>
        <translation>Les mots de l'amorce et du pool</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Automatic (none for a multilingual encoder)</source>
        <translation>Automatique (aucune pour un encodeur multilingue)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Vu et al.'s two-layer network</source>
        <translation>Réseau à deux couches de Vu et al.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Residual (starts as the identity)</source>
        <translation>Résiduelle (commence comme l'identité)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>None: the DF baseline on unaligned vectors</source>
        <translation>Aucune : la référence DF sur des vecteurs non alignés</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Symmetric InfoNCE</source>
        <translation>InfoNCE symétrique</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Eq. 1 (one direction, negatives only)</source>
        <translation>Éq. 1 (une direction, négatifs seulement)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Keep the aligned vectors g(x) as embedding sets</source>
        <translation>Garder les vecteurs alignés g(x) comme jeux d'embeddings</translation>
    </message>
    <message>
        <location line="+5" />
        <source>En&amp;coder:</source>
        <translation>En&amp;codeur :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Prese&amp;t:</source>
        <translation>Préréglage (&amp;t) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>C&amp;lassifiers:</source>
        <translation>C&amp;lassifieurs :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>PU ro&amp;unds:</source>
        <translation>Tours P&amp;U :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Epoc&amp;hs:</source>
        <translation>Épo&amp;ques :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Rou&amp;nds:</source>
        <translation>Tour&amp;s :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>LM &amp;vocabulary:</source>
        <translation>&amp;Vocabulaire des LM :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Adaptive layer:</source>
        <translation>Couc&amp;he adaptative :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Contrasti&amp;ve loss:</source>
        <translation>Perte contrasti&amp;ve :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ne&amp;gatives:</source>
        <translation>&amp;Négatifs :</translation>
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
        <translation>Pas encore de sélection : Analyse → Sélectionner des données du domaine…</translation>
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
        <translation>Décision</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Sentence nearest the cut</source>
        <translation>Phrase proche de la coupure</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Include</source>
        <translation>Inclure</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Exclude</source>
        <translation>Exclure</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Reset</source>
        <translation>Réinitialiser</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Export this cut…</source>
        <translation>Exporter cette coupure…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Keep the selected sentences whatever their score (saved in the project; Ctrl+Z undoes).</source>
        <translation>Garder les phrases choisies quel que soit leur score (enregistré dans le projet ; Ctrl+Z annule).</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Drop the selected sentences whatever their score (saved in the project; Ctrl+Z undoes).</source>
        <translation>Écarter les phrases choisies quel que soit leur score (enregistré dans le projet ; Ctrl+Z annule).</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Cumulative distribution of the scores over the pool (Vu et al. 2021, Fig. 6).</source>
        <translation>Distribution cumulée des scores sur le pool (Vu et al. 2021, fig. 6).</translation>
    </message>
    <message>
        <location line="+33" />
        <source>Decisions saved.</source>
        <translation>Décisions enregistrées.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Decisions NOT saved: %1</source>
        <translation>Décisions NON enregistrées : %1</translation>
    </message>
    <message>
        <location line="+127" />
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location line="+16" />
        <source>Cannot read the sentences: %1</source>
        <translation>Impossible de lire les phrases : %1</translation>
    </message>
    <message>
        <location line="-118" />
        <source> — labelled in-domain: %1</source>
        <translation> — étiquetées dans le domaine : %1</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+3" />
        <location line="+6" />
        <source>%1 score</source>
        <translation>score %1</translation>
    </message>
    <message>
        <location line="+62" />
        <source>Saving decisions…</source>
        <translation>Enregistrement des décisions…</translation>
    </message>
    <message>
        <location line="+27" />
        <source>included by hand</source>
        <translation>incluse à la main</translation>
    </message>
    <message>
        <location line="+0" />
        <source>excluded by hand</source>
        <translation>exclue à la main</translation>
    </message>
    <message>
        <location line="+1" />
        <source>selected</source>
        <translation>sélectionnée</translation>
    </message>
    <message>
        <location line="+0" />
        <source>not selected</source>
        <translation>non sélectionnée</translation>
    </message>
</context>
<context>
    <name>SelectionOnMap</name>
    <message>
        <location filename="../app/panels/SelectionOnMap.cpp" line="+78" />
        <source>run #%1 %2</source>
        <translation>exécution n°%1 %2</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../widgets/dialogs/SettingsDialog.cpp" line="+12" />
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <location line="+2" />
        <source>System language</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <location line="+7" />
        <source>automatic</source>
        <translation>automatique</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Padded tokens per forward pass: larger is faster until memory runs out.</source>
        <translation>Jetons (rembourrage compris) par passe : plus grand est plus rapide tant que la mémoire suffit.</translation>
    </message>
    <message>
        <location line="+22" />
        <source>Loading models…</source>
        <translation>Chargement des modèles…</translation>
    </message>
    <message>
        <location line="+5" />
        <source>The installed default model</source>
        <translation>Le modèle par défaut installé</translation>
    </message>
    <message>
        <location line="-21" />
        <source>&amp;Language:</source>
        <translation>&amp;Langue :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The language applies the next time DomainLens starts.</source>
        <translation>La langue s'applique au prochain démarrage de DomainLens.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Encoder &amp;threads:</source>
        <translation>&amp;Threads de l'encodeur :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Batch size (tokens):</source>
        <translation>Taille de &amp;lot (jetons) :</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Default &amp;model:</source>
        <translation>&amp;Modèle par défaut :</translation>
    </message>
</context>
<context>
    <name>SweepPlotView</name>
    <message>
        <location filename="../widgets/plots/SweepPlotView.cpp" line="+21" />
        <source>k (mixture components)</source>
        <translation>k (composantes du mélange)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Criterion (lower is better)</source>
        <translation>Critère (plus bas = meilleur)</translation>
    </message>
    <message>
        <location line="+8" />
        <source>sweep</source>
        <translation>balayage</translation>
    </message>
    <message>
        <location line="+84" />
        <source>min at %1</source>
        <translation>minimum à %1</translation>
    </message>
    <message>
        <location line="+0" />
        <source>max at %1</source>
        <translation>max. à %1</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1: lowest at %2</source>
        <translation>%1 : minimum à %2</translation>
    </message>
    <message>
        <location line="-1" />
        <source>%1: highest at %2</source>
        <translation>%1 : le plus haut à %2</translation>
    </message>
</context>
<context>
    <name>TableExport</name>
    <message>
        <location filename="../widgets/models/TableExport.cpp" line="+51" />
        <location line="+5" />
        <source>Cannot write %1: %2</source>
        <translation>Impossible d'écrire %1 : %2</translation>
    </message>
    <message>
        <location filename="../widgets/plots/TableExportDialog.cpp" line="+10" />
        <location line="+5" />
        <source>Export table</source>
        <translation>Exporter le tableau</translation>
    </message>
    <message>
        <location line="-4" />
        <source>CSV table (*.csv)</source>
        <translation>Tableau CSV (*.csv)</translation>
    </message>
</context>
<context>
    <name>TagCheckList</name>
    <message>
        <location filename="../widgets/dialogs/CleaningWidgets.cpp" line="+30" />
        <source>%1 (%2 sentences)</source>
        <translation>%1 (%2 phrases)</translation>
    </message>
</context>
<context>
    <name>UpSetView</name>
    <message>
        <location filename="../widgets/plots/UpSetView.cpp" line="+20" />
        <source>Save…</source>
        <translation>Enregistrer…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Save the chart as PNG, SVG or PDF</source>
        <translation>Enregistrer le graphique en PNG, SVG ou PDF</translation>
    </message>
    <message>
        <location line="+3" />
        <source>intersections</source>
        <translation>intersections</translation>
    </message>
    <message>
        <location line="+38" />
        <source>Sentences in exactly these top-k sets</source>
        <translation>Phrases présentes exactement dans ces ensembles de k premiers</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="+46" />
        <source>DomainLens workbench</source>
        <translation>Atelier DomainLens</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Project file to open.</source>
        <translation>Fichier de projet à ouvrir.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Save a PNG of every view into DIR and quit (documentation).</source>
        <translation>Enregistrer un PNG de chaque vue dans DIR puis quitter (documentation).</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Interface language (de, en, fr) for this run; overrides the setting.</source>
        <translation>Langue de l’interface (de, en, fr) pour ce lancement ; prime sur le réglage.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Explore CORPUS of PROJECT: its first map opens as soon as it is stored, the rest is encoded and assigned in the background (Analysis &gt; Explore Corpus).</source>
        <translation>Explorer CORPUS de PROJECT : sa première carte s'ouvre dès qu'elle est enregistrée, le reste est encodé et affecté en arrière-plan (Analyse &gt; Explorer le corpus).</translation>
    </message>
    <message>
        <location line="+7" />
        <source>With --explore: one of explore's options as NAME=VALUE (sample=5000, model=all-MiniLM-L6-v2, k=7; see domainlens-cli explore --help).</source>
        <translation>Avec --explore : une option d'explore sous la forme NOM=VALEUR (sample=5000, model=all-MiniLM-L6-v2, k=7 ; voir domainlens-cli explore --help).</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Open a mixture kit, a `mixture train` folder or a λ trajectory file on the Mixture tab (repeatable: with --screenshots, one shot each; PROJECT is then optional).</source>
        <translation>Ouvre un kit de mélange, un dossier `mixture train` ou un fichier de trajectoire de λ dans l'onglet Mélange (répétable : avec --screenshots, une capture chacun ; PROJECT est alors facultatif).</translation>
    </message>
</context>
</TS>