// A job parameter's default, range and help live in one place, core's parameter table
// (core/jobs/ParamTable.h). This suite checks that every front end shows that one value, for
// each parameter of each converted job: `domainlens-cli <job> --help` (the real binary), the
// job's dialog (the real widget, built from app/services' fields), and the params JSON stored with
// a run made by the CLI and one made by the GUI's JobFactory on a small real project (a job
// that stores no params JSON, encode, import and export: the Params struct's defaults, which the
// dialog's untouched request must give through the table). A
// hard-coded range in a dialog, a help text that states another default, an option declared
// by hand, or a run that stores another value fails here.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QSpinBox>
#include <QVariantMap>

#include <functional>
#include <memory>
#include <optional>

#include "CliProcess.h"
#include "ClusterDialog.h"
#include "DisplayText.h"
#include "EncodeDialog.h"
#include "ExploreDialog.h"
#include "ExportDialog.h"
#include "FilterDialog.h"
#include "ImportDialog.h"
#include "JobFactory.h"
#include "MixtureJobDialog.h"
#include "MixtureTrainDialog.h"
#include "ParamFieldWidgets.h"
#include "ParamFields.h"
#include "SelectDialog.h"
#include "TestSupport.h"
#include "analysis/ClusterJob.h"
#include "analysis/LayerSweep.h"
#include "corpus/Import.h"
#include "encode/EncodeJob.h"
#include "explore/ExploreJob.h"
#include "export/Export.h"
#include "filter/FilterJob.h"
#include "mixture/MixtureParams.h"
#include "reports/Report.h"
#include "select/CrossLingual.h"
#include "select/SelectJob.h"
#include "shard/MergeJob.h"
#include "share/ShareMap.h"
#include "store/Runs.h"
#include "store/Store.h"

using namespace dltest;

namespace {

// `domainlens-cli <command> --help` as option name -> description (wrapped lines joined);
// `withValue` receives the names of the options that take a value.
QMap<QString, QString> helpOptions(const QString& command, QStringList* withValue = nullptr) {
    // "mixture kit": a command and its subcommand
    const CliRun r = runCli(command.split(QLatin1Char(' ')) + QStringList{QStringLiteral("--help")});
    QMap<QString, QString> out;
    QString current;
    for (const QString& line : QString::fromUtf8(r.out).split(QLatin1Char('\n'))) {
        const QString t = line.trimmed();
        if (line.startsWith(QLatin1String("  -"))) {
            // "  -k <K>      Number of ..." / "  -h, --help    Displays ..."; wrapped description
            // lines are indented further (and may start with "--" too)
            const int gap = t.indexOf(QStringLiteral("  "));
            const QString names = gap < 0 ? t : t.left(gap);
            current = names.split(QStringLiteral(", ")).last().section(QLatin1Char(' '), 0, 0);
            while (current.startsWith(QLatin1Char('-'))) current.remove(0, 1);
            out[current] = gap < 0 ? QString() : t.mid(gap);
            if (withValue && names.contains(QLatin1Char('<'))) *withValue << current;
        } else if (!current.isEmpty() && line.startsWith(QLatin1Char(' ')) && !t.isEmpty()) {
            out[current] += QLatin1Char(' ') + t;
        } else {
            current.clear();
        }
    }
    for (auto& d : out) d = d.simplified();
    return out;
}

// One converted job: its command's options, its dialog, and what a run of its defaults stores.
struct JobCase {
    QString command;
    std::vector<dl::ParamSpec> options;  // the command's options that are job parameters
    QStringList otherOptions;            // the command's options that are not (output, which job)
    std::function<std::unique_ptr<QDialog>()> dialog;  // with an unlabelled corpus "pool"
    QStringList dialogFields;            // the parameters the dialog shows
    // What one run stores: the job's own parameters, and how a value is stored (the binding's
    // encoder where it has one).
    std::vector<dl::ParamSpec> stored;
    std::function<nlohmann::json(const dl::ParamSpec&, const dl::ParamValue&)> encode;
    QStringList resolvedKeys;  // stored as the job resolved them (the embedding set's id)
    // The values the runs are given (the rest are defaults): --name text on the command line,
    // name -> text in the dialog's request.
    QList<std::pair<QString, QString>> given;
    // A run through the GUI's path: the dialog's request with `given` set -> JobFactory; empty
    // for a job that stores no params JSON (no run is made).
    std::function<JobRunner::Body(const QString& project, const QVariantMap& given, std::shared_ptr<JobOutcome>)>
        guiJob;
};

template <class P>
std::function<nlohmann::json(const dl::ParamSpec&, const dl::ParamValue&)> encoderOf(const dl::ParamTable<P>& table) {
    return [&table](const dl::ParamSpec& spec, const dl::ParamValue& v) {
        const auto* b = table.find(spec.name);
        return b && b->encode ? b->encode(v) : dl::paramValueToJson(v);
    };
}

const QList<CorpusChoice>& corpora() {
    static const QList<CorpusChoice> list{CorpusChoice{QStringLiteral("pool"), {}, false},
                                          CorpusChoice{QStringLiteral("seed"), {}, false}};
    return list;
}

// A `mixture` subcommand with a dialog (MixtureJobDialog): every parameter of its table is a
// field of the dialog; it stores no run.
template <class P>
JobCase mixtureCase(const QString& sub, const dl::ParamTable<P>& table) {
    QStringList fields;
    for (const auto& s : table.specs()) fields << QString::fromStdString(s.name);
    return JobCase{
        QStringLiteral("mixture ") + sub,
        table.specs(),
        {QStringLiteral("help"), QStringLiteral("help-all"), QStringLiteral("json"), QStringLiteral("quiet")},
        [sub] { return std::make_unique<MixtureJobDialog>(sub, MixtureJobDialog::Context{}, mixtureParamFields(sub)); },
        fields,
        {},
        encoderOf(table),
        {},
        {},
        {}};
}

const std::vector<JobCase>& jobs() {
    static const std::vector<JobCase> all{
        JobCase{
            QStringLiteral("cluster"),
            dl::layerSweepParamTable().specs(),
            {QStringLiteral("help"), QStringLiteral("help-all"), QStringLiteral("sweep"), QStringLiteral("layer-sweep"),
             QStringLiteral("raw"), QStringLiteral("mpi"), QStringLiteral("json"), QStringLiteral("quiet")},
            [] { return std::make_unique<ClusterDialog>(corpora(), clusterParamFields()); },
            {QStringLiteral("k"), QStringLiteral("pca"), QStringLiteral("pca-fit-rows"), QStringLiteral("cov"),
             QStringLiteral("seeds"), QStringLiteral("n-init"), QStringLiteral("reg-covar"), QStringLiteral("max-iter"),
             QStringLiteral("layers"), QStringLiteral("l2"), QStringLiteral("standardize"), QStringLiteral("whiten"),
             QStringLiteral("filter")},
            dl::clusterParamTable().specs(),
            encoderOf(dl::clusterParamTable()),
            {QStringLiteral("embedding_set")},
                // PCA 8: the test model's vectors have 32 dimensions
            {{QStringLiteral("corpus"), QStringLiteral("pool")}, {QStringLiteral("pca"), QStringLiteral("8")}},
            [](const QString& project, const QVariantMap& given, std::shared_ptr<JobOutcome> outcome) {
                auto request = ClusterDialog(corpora(), clusterParamFields()).request();
                request.values.insert(given);
                return makeClusterJob(project, request, outcome);
            }},
        // encode stores no params JSON (an embedding set is keyed by what it resolved): no run.
        JobCase{QStringLiteral("encode"),
                dl::encodeParamTable().specs(),
                {QStringLiteral("help"), QStringLiteral("help-all"), QStringLiteral("list-models"),
                 QStringLiteral("json"), QStringLiteral("quiet"), QStringLiteral("shard"), QStringLiteral("out")},
                [] {
                    return std::make_unique<EncodeDialog>(QList<ModelChoice>{}, corpora(), encodeParamFields(),
                                                          QStringLiteral("cpu"));
                },
                {QStringLiteral("model"), QStringLiteral("corpus"), QStringLiteral("side"), QStringLiteral("layer"),
                 QStringLiteral("layer-mean"), QStringLiteral("prefix"), QStringLiteral("pooling"),
                 QStringLiteral("normalize"), QStringLiteral("float32"), QStringLiteral("precision")},
                {},
                encoderOf(dl::encodeParamTable()),
                {},
                {},
                {}},
        // import stores no params JSON (its log keeps the report and the files): no run.
        JobCase{QStringLiteral("import"),
                dl::importParamTable().specs(),
                {QStringLiteral("help"), QStringLiteral("help-all"), QStringLiteral("json"), QStringLiteral("quiet")},
                [] { return std::make_unique<ImportDialog>(importParamFields()); },
                {QStringLiteral("format"), QStringLiteral("src"), QStringLiteral("tgt"), QStringLiteral("corpus"),
                 QStringLiteral("domain"), QStringLiteral("src-lang"), QStringLiteral("tgt-lang"),
                 QStringLiteral("columns"), QStringLiteral("replace-invalid"), QStringLiteral("keep-duplicates")},
                {},
                encoderOf(dl::importParamTable()),
                {},
                {},
                {}},
        // export stores no run (its manifest describes the files): no run.
        JobCase{QStringLiteral("export"),
                dl::exportParamTable().specs(),
                {QStringLiteral("help"), QStringLiteral("help-all"), QStringLiteral("json"), QStringLiteral("quiet")},
                [] { return std::make_unique<ExportDialog>(QString(), corpora(), exportParamFields()); },
                {QStringLiteral("format"), QStringLiteral("out"), QStringLiteral("scores"), QStringLiteral("gzip"),
                 QStringLiteral("order"), QStringLiteral("force"), QStringLiteral("by"), QStringLiteral("alpha"),
                 QStringLiteral("size"), QStringLiteral("corpus"), QStringLiteral("filter"),
                 QStringLiteral("include-contaminated"), QStringLiteral("tag"), QStringLiteral("exclude-tag")},
                {},
                encoderOf(dl::exportParamTable()),
                {},
                {},
                {}},
        // explore stores no params JSON of its own (its encode and cluster runs store theirs): no run.
        JobCase{QStringLiteral("explore"),
                dl::exploreParamTable().specs(),
                {QStringLiteral("help"), QStringLiteral("help-all"), QStringLiteral("json"), QStringLiteral("quiet")},
                [] { return std::make_unique<ExploreDialog>(corpora(), exploreParamFields()); },
                {QStringLiteral("corpus"), QStringLiteral("sample"), QStringLiteral("sample-seed"),
                 QStringLiteral("chunk"), QStringLiteral("k"), QStringLiteral("precision")},
                {},
                encoderOf(dl::exploreParamTable()),
                {},
                {},
                {}},
        // mixture train stores no run (its report and checkpoint are files in --out): no run.
        JobCase{QStringLiteral("mixture train"),
                dl::mixtureTrainParamTable().specs(),
                {QStringLiteral("help"), QStringLiteral("help-all"), QStringLiteral("json"), QStringLiteral("quiet")},
                [] { return std::make_unique<MixtureTrainDialog>(QString(), QString(), mixtureTrainParamFields()); },
                {QStringLiteral("schedule"), QStringLiteral("out"), QStringLiteral("resume"), QStringLiteral("steps"),
                 QStringLiteral("batch"), QStringLiteral("seed"), QStringLiteral("context"), QStringLiteral("layers"),
                 QStringLiteral("dim"), QStringLiteral("heads"), QStringLiteral("vocab"), QStringLiteral("lr"),
                 QStringLiteral("session-steps"), QStringLiteral("sim-steps"), QStringLiteral("mdac-lr"),
                 QStringLiteral("updates"), QStringLiteral("eval-every"), QStringLiteral("dev-windows"),
                 QStringLiteral("device")},
                {},
                encoderOf(dl::mixtureTrainParamTable()),
                {},
                {},
                {}},
        // mixture kit, target, schedule, step: files, no run (as mixture train).
        mixtureCase(QStringLiteral("kit"), dl::mixtureKitParamTable()),
        mixtureCase(QStringLiteral("target"), dl::mixtureTargetParamTable()),
        mixtureCase(QStringLiteral("schedule"), dl::mixtureScheduleParamTable()),
        mixtureCase(QStringLiteral("step"), dl::mixtureStepParamTable()),
        // select: the selection methods' table and cross-lingual's, one set of options; the run
        // is a cosine selection, which stores the options every method shares.
        JobCase{
            QStringLiteral("select"),
            dl::selectCommandSpecs(),
            {QStringLiteral("help"), QStringLiteral("help-all"), QStringLiteral("json"), QStringLiteral("quiet")},
            [] { return std::make_unique<SelectDialog>(corpora(), selectParamFields(), crossLingualParamFields()); },
            {QStringLiteral("method"),          QStringLiteral("seed-sample-seed"),
             QStringLiteral("parallel"),        QStringLiteral("iterations"),
             QStringLiteral("pseudo-out"),      QStringLiteral("side"),
             QStringLiteral("sides"),           QStringLiteral("top"),
             QStringLiteral("threshold"),       QStringLiteral("filter"),
             QStringLiteral("model"),           QStringLiteral("pu-rounds"),
             QStringLiteral("classifiers"),     QStringLiteral("preset"),
             QStringLiteral("finetune-epochs"), QStringLiteral("finetune-rounds"),
             QStringLiteral("vocabulary"),      QStringLiteral("adaptive-layer"),
             QStringLiteral("infonce"),         QStringLiteral("negatives"),
             QStringLiteral("keep-adapted")},
            dl::selectParamTable().storedSpecs(dl::SelectParams{}),
            encoderOf(dl::selectParamTable()),
            {},
            {{QStringLiteral("method"), QStringLiteral("cosine")},
             {QStringLiteral("pool"), QStringLiteral("pool")},
             {QStringLiteral("seed"), QStringLiteral("seed")}},
            [](const QString& project, const QVariantMap& given, std::shared_ptr<JobOutcome> outcome) {
                auto request = SelectDialog(corpora(), selectParamFields(), crossLingualParamFields()).request();
                request.values.insert(given);
                return makeSelectJob(project, request, outcome);
            }},
        // filter: near-duplicates by default; bands are stored as the job chose them from the
        // threshold.
        JobCase{QStringLiteral("filter"),
                dl::filterParamTable().specs(),
                {QStringLiteral("help"), QStringLiteral("help-all"), QStringLiteral("json"), QStringLiteral("quiet"),
                 QStringLiteral("pipeline"), QStringLiteral("shard"), QStringLiteral("out")},
                [] { return std::make_unique<FilterDialog>(corpora(), filterParamFields()); },
                {QStringLiteral("corpus"),         QStringLiteral("kind"),
                 QStringLiteral("threshold"),      QStringLiteral("shingle"),
                 QStringLiteral("permutations"),   QStringLiteral("bands"),
                 QStringLiteral("sides"),          QStringLiteral("keep"),
                 QStringLiteral("seed"),           QStringLiteral("lang-src"),
                 QStringLiteral("lang-tgt"),       QStringLiteral("min-prob"),
                 QStringLiteral("min-words"),      QStringLiteral("max-words"),
                 QStringLiteral("max-char-ratio"), QStringLiteral("max-token-ratio"),
                 QStringLiteral("min-alpha"),      QStringLiteral("max-repeat"),
                 QStringLiteral("max-copy"),       QStringLiteral("min-numerals"),
                 QStringLiteral("cluster-run"),    QStringLiteral("eps")},
                dl::filterParamTable().specs(),
                encoderOf(dl::filterParamTable()),
                {QStringLiteral("bands")},
                {{QStringLiteral("corpus"), QStringLiteral("pool")}},
                [](const QString& project, const QVariantMap& given, std::shared_ptr<JobOutcome> outcome) {
                    auto request = FilterDialog(corpora(), filterParamFields()).request();
                    request.values.insert(given);
                    return makeFilterJob(project, request, outcome);
                }},
    };
    return all;
}

const JobCase& jobNamed(const QString& command) {
    for (const auto& j : jobs())
        if (j.command == command) return j;
    qFatal("no job case %s", qPrintable(command));
}

// The dialog's values set through the table on P{}; every parameter but `chosen` must keep
// P{}'s value (and the table's default). Empty (after a failed check) when they do not.
template <class P>
std::optional<P> requestedDefaults(const dl::ParamTable<P>& table, const QVariantMap& values,
                                   const QStringList& chosen) {
    P p;
    auto applied = applyParamValues(table, p, values);
    if (!applied) {
        qWarning("%s", applied.error().message.c_str());
        return std::nullopt;
    }
    bool same = true;
    for (const auto& b : table.bindings()) {
        if (chosen.contains(QString::fromStdString(b.spec.name))) continue;
        const dl::ParamValue given = b.get(p), def = b.get(P{});
        if (given != def || def != b.spec.defaultValue) {
            qWarning("--%s: the dialog gives '%s', the default is '%s'", b.spec.name.c_str(),
                     dl::formatParamValue(given).c_str(), dl::formatParamValue(def).c_str());
            same = false;
        }
    }
    return same ? std::optional<P>(p) : std::nullopt;
}

const dl::ParamSpec* findSpec(const std::vector<dl::ParamSpec>& specs, const QString& name) {
    for (const auto& s : specs)
        if (QString::fromStdString(s.name) == name) return &s;
    return nullptr;
}

}  // namespace

class TestParamAgreement : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString project_;
    QMap<QString, nlohmann::json> cliRun_, guiRun_;  // params stored by a run of defaults, per command

    nlohmann::json runParams(qint64 runId) {
        auto store = dl::Store::open(project_.toStdString(), dl::OpenMode::ReadOnly);
        if (!store) return nullptr;
        auto run = dl::getRun(**store, runId);
        return run ? run->params : nlohmann::json(nullptr);
    }

    static void optionRows(bool storedOnly) {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("name");
        for (const auto& job : jobs())
            for (const auto& s : storedOnly ? job.stored : job.options)
                QTest::newRow(qPrintable(job.command + QLatin1Char('/') + QString::fromStdString(s.name)))
                    << job.command << QString::fromStdString(s.name);
    }

private slots:
    // A small labelled project (pool: 3 domains, seed: one; encoded with a tiny BERT); each
    // job run once with its defaults by the CLI and once by the GUI's path (the dialog's
    // request -> JobFactory).
    void initTestCase() {
        QVERIFY(QFile::exists(cliPath()));
        project_ = dir_.filePath(QStringLiteral("params.dlproj"));
        const QByteArray made =
            makeLabelledProject(dir_, project_, testData(QStringLiteral("models/bert-tiny")), 40, 10);
        QVERIFY2(made.isEmpty(), made.constData());
        for (const auto& job : jobs()) {
            if (!job.guiJob) continue;
            QStringList args{job.command, project_, QStringLiteral("--json"), QStringLiteral("--quiet")};
            QVariantMap given;
            for (const auto& [name, text] : job.given)
                args << QStringLiteral("--") + name << text, given.insert(name, text);
            auto r = runCli(args);
            QVERIFY2(r.exitCode == 0, r.err.constData());
            cliRun_[job.command] = runParams(r.json().value(QStringLiteral("run")).toInteger());
            QVERIFY(cliRun_[job.command].is_object());
            auto outcome = std::make_shared<JobOutcome>();
            dl::NullProgress progress;
            dl::CancelToken cancel;
            auto done = job.guiJob(project_, given, outcome)(progress, cancel);
            QVERIFY2(done, done ? "" : done.error().message.c_str());
            guiRun_[job.command] = runParams(outcome->runId);
            QVERIFY(guiRun_[job.command].is_object());
        }
    }

    // `--help` prints the table's help, default and range for the option, which takes a value
    // unless it is a flag.
    void cliHelp_data() { optionRows(false); }
    void cliHelp() {
        QFETCH(QString, command);
        QFETCH(QString, name);
        static QMap<QString, QMap<QString, QString>> help;
        static QMap<QString, QStringList> withValue;
        if (!help.contains(command)) help[command] = helpOptions(command, &withValue[command]);
        const auto* spec = findSpec(jobNamed(command).options, name);
        QVERIFY(spec);
        QVERIFY2(help[command].contains(name),
                 qPrintable(QStringLiteral("--%1 missing from %2 --help").arg(name, command)));
        const QString shown = help[command].value(name);
        QCOMPARE(shown, QString::fromStdString(dl::paramHelpLine(*spec)).simplified());
        // the value, or what stands for it where the front ends resolve an unset one (encode's --layer)
        const QString def = QString::fromStdString(spec->defaultNote.empty() ? dl::formatParamValue(spec->defaultValue)
                                                                             : spec->defaultNote);
        if (spec->required) QVERIFY2(shown.contains(QStringLiteral("required")), qPrintable(shown));
        else if (spec->kind != dl::ParamKind::Flag && !def.isEmpty())
            QVERIFY2(shown.contains(QStringLiteral("default ") + def), qPrintable(shown));
        // the range as --help prints numbers (1e-09 for a learning rate's bound)
        const auto number = [](double v) { return QString::fromStdString(dl::formatParamValue(dl::ParamValue(v))); };
        if (spec->min && spec->max)
            QVERIFY2(shown.contains(QStringLiteral("%1 to %2").arg(number(*spec->min), number(*spec->max))),
                     qPrintable(shown));
        QCOMPARE(withValue[command].contains(name), spec->kind != dl::ParamKind::Flag);
    }

    // An option bound in both of select's tables with different defaults (--classifiers: 1 for
    // finetune-head, 5 for cross-lingual) shows each in --help and the Python docstrings (the
    // same paramHelpLine), not the first table's alone: "default 1 for finetune-head, 5 for
    // cross-lingual".
    void doublyBoundOptionNamesEachDefault_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("selectDefault");
        QTest::addColumn<QString>("crossLingualDefault");
        int rows = 0;
        for (const auto& a : dl::selectParamTable().specs())
            for (const auto& b : dl::crossLingualParamTable().specs())
                if (a.name == b.name && a.defaultValue != b.defaultValue && !a.required) {
                    QTest::newRow(a.name.c_str()) << QString::fromStdString(a.name)
                                                  << QString::fromStdString(dl::formatParamValue(a.defaultValue))
                                                  << QString::fromStdString(dl::formatParamValue(b.defaultValue));
                    ++rows;
                }
        QVERIFY(rows >= 1);  // --classifiers at least: the test is not empty
    }
    void doublyBoundOptionNamesEachDefault() {
        QFETCH(QString, name);
        QFETCH(QString, selectDefault);
        QFETCH(QString, crossLingualDefault);
        static const auto help = helpOptions(QStringLiteral("select"));
        const QString shown = help.value(name);
        QVERIFY2(shown.contains(QStringLiteral("(default %1 for ").arg(selectDefault)), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral(", %1 for cross-lingual").arg(crossLingualDefault)), qPrintable(shown));
        if (name == QLatin1String("classifiers"))  // the methods that use it, from the table
            QVERIFY2(shown.contains(QStringLiteral("(default 1 for finetune-head, 5 for cross-lingual;")),
                     qPrintable(shown));
    }

    // Every option of the command is a table parameter or one of the few that pick the job or
    // the output: no job parameter is declared by hand.
    void cliOptionsComeFromTheTable_data() {
        QTest::addColumn<QString>("command");
        for (const auto& job : jobs()) QTest::newRow(qPrintable(job.command)) << job.command;
    }
    void cliOptionsComeFromTheTable() {
        QFETCH(QString, command);
        const JobCase& job = jobNamed(command);
        for (const QString& option : helpOptions(command).keys())
            QVERIFY2(findSpec(job.options, option) || job.otherOptions.contains(option),
                     qPrintable(QStringLiteral("--") + option));
    }

    // Commands without a dialog whose job parameters come from a table: every option is a
    // table parameter (or picks the output), and --help shows the table's help line.
    void cliOnlyJobs_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("otherOptions");
        QTest::newRow("evaluate") << QStringLiteral("evaluate")
                                  << QStringList{QStringLiteral("help"), QStringLiteral("help-all"),
                                                 QStringLiteral("json"), QStringLiteral("csv")};
        QTest::newRow("report") << QStringLiteral("report")
                                << QStringList{QStringLiteral("help"), QStringLiteral("help-all"),
                                               QStringLiteral("json"), QStringLiteral("csv"), QStringLiteral("scores")};
        QTest::newRow("merge") << QStringLiteral("merge")
                               << QStringList{QStringLiteral("help"), QStringLiteral("help-all"),
                                              QStringLiteral("json"), QStringLiteral("quiet")};
        QTest::newRow("share") << QStringLiteral("share")
                               << QStringList{QStringLiteral("help"), QStringLiteral("help-all"),
                                              QStringLiteral("json")};
    }
    void cliOnlyJobs() {
        QFETCH(QString, command);
        QFETCH(QStringList, otherOptions);
        const std::vector<dl::ParamSpec> specs = command == QLatin1String("evaluate") ? dl::evaluateParamTable().specs()
                                                 : command == QLatin1String("report") ? dl::reportParamTable().specs()
                                                 : command == QLatin1String("merge")  ? dl::mergeParamTable().specs()
                                                 : command == QLatin1String("share")  ? dl::shareParamTable().specs()
                                                                                      : std::vector<dl::ParamSpec>{};
        QVERIFY(!specs.empty());
        const auto help = helpOptions(command);
        for (const auto& [option, shown] : help.asKeyValueRange()) {
            if (otherOptions.contains(option)) continue;
            const auto* spec = findSpec(specs, option);
            QVERIFY2(spec, qPrintable(QStringLiteral("--%1 is declared by hand").arg(option)));
            QCOMPARE(shown, QString::fromStdString(dl::paramHelpLine(*spec)).simplified());
        }
        for (const auto& spec : specs) QVERIFY2(help.contains(QString::fromStdString(spec.name)), spec.name.c_str());
    }

    // The dialog's widget for the parameter has the table's range, default and help; a
    // parameter the dialog does not offer has no widget.
    void dialog_data() { optionRows(false); }
    void dialog() {
        QFETCH(QString, command);
        QFETCH(QString, name);
        const JobCase& job = jobNamed(command);
        const auto* spec = findSpec(job.options, name);
        QVERIFY(spec);
        auto dialog = job.dialog();  // an unlabelled corpus: k is not suggested from its domains
        QWidget* w = dialog->findChild<QWidget*>(name);
        QCOMPARE(w != nullptr, job.dialogFields.contains(name));
        if (!w) return;
        QCOMPARE(w->toolTip(), QString::fromStdString(dl::paramHelpLine(*spec)));
        const auto& def = spec->defaultValue;
        // the widget shows a starting value; "auto" (the job resolves it) first and chosen
        const bool unset = std::holds_alternative<std::monostate>(def) || spec->autoWhenAbsent;
        if (spec->autoWhenAbsent) QVERIFY2(!paramWidgetValue(w).isValid(), qPrintable(name));
        if (auto* box = qobject_cast<QSpinBox*>(w)) {
            QCOMPARE(qint64(box->minimum()), qint64(spec->min.value_or(INT_MIN)) - (spec->autoWhenAbsent ? 1 : 0));
            // a spin box ends at INT_MAX (explore's sample and chunk allow more on the command line)
            QCOMPARE(qint64(box->maximum()), qMin(qint64(spec->max.value_or(INT_MAX)), qint64(INT_MAX)));
            if (!unset) QCOMPARE(qint64(box->value()), std::get<std::int64_t>(def));
        } else if (auto* box = qobject_cast<QDoubleSpinBox*>(w)) {
            QCOMPARE(box->minimum(),
                     spec->min.value_or(-kUnboundedDouble) - (spec->autoWhenAbsent ? box->singleStep() : 0.0));
            QCOMPARE(box->maximum(), spec->max.value_or(kUnboundedDouble));
            if (!unset) QCOMPARE(box->value(), std::get<double>(def));
        } else if (auto* box = qobject_cast<QComboBox*>(w)) {
            if (spec->kind != dl::ParamKind::Choice) return;  // a corpus list: the project's corpora
            QStringList items;
            for (int i = 0; i < box->count(); ++i) items << box->itemData(i).toString();
            QStringList choices;
            if (unset) choices << QString();  // first an item for "the job decides", chosen
            for (const auto& c : spec->choices) choices << QString::fromStdString(c);
            QCOMPARE(items, choices);
            if (!unset) QCOMPARE(box->currentData().toString(), QString::fromStdString(dl::formatParamValue(def)));
            else QVERIFY(!box->currentData().isValid());
        } else if (auto* box = qobject_cast<QCheckBox*>(w)) {
            QCOMPARE(box->isChecked(), std::get<bool>(def));
        } else if (auto* list = qobject_cast<QListWidget*>(w)) {
            // a repeatable parameter (export's --tag): checkable items, none checked = unset
            QVERIFY(spec->repeatable);
            QVERIFY(!paramWidgetValue(list).isValid());
            QCOMPARE(QString::fromStdString(dl::formatParamValue(def)), QString());
        } else if (auto* edit = qobject_cast<QLineEdit*>(w)) {
            QCOMPARE(edit->text(), QString::fromStdString(dl::formatParamValue(def)));
        } else {
            QFAIL("a parameter widget of an unknown type");
        }
    }

    // A run of defaults stores the table's default under the parameter's key (a given value
    // where the run was given one), the same from the CLI and from the GUI.
    void storedRun_data() { optionRows(true); }
    void storedRun() {
        QFETCH(QString, command);
        QFETCH(QString, name);
        const JobCase& job = jobNamed(command);
        const auto* spec = findSpec(job.stored, name);
        QVERIFY(spec);
        QCOMPARE(QString::fromStdString(cliRun_[command].dump()), QString::fromStdString(guiRun_[command].dump()));
        if (spec->jsonKey.empty()) return;  // how a job runs (--cpu), not what it computes
        const nlohmann::json* stored = dl::findJsonPath(cliRun_[command], spec->jsonKey);
        dl::ParamValue expected = spec->defaultValue;
        for (const auto& [given, text] : job.given)
            if (given == name) expected = dl::parseParamText(*spec, text.toStdString()).value();
        if (job.resolvedKeys.contains(QString::fromStdString(spec->jsonKey))) {
            QVERIFY(stored && !stored->is_null());
        } else if (spec->omitDefault && expected == spec->defaultValue) {
            QVERIFY2(!stored, stored ? stored->dump().c_str() : "");
        } else {
            QVERIFY2(stored, spec->jsonKey.c_str());
            QCOMPARE(QString::fromStdString(stored->dump()),
                     QString::fromStdString(job.encode(*spec, expected).dump()));
        }
    }

    // encode and import store no run: the dialog's untouched request, applied through the table
    // as the GUI applies it, gives the Params struct's defaults, but for what the dialog chooses
    // on purpose (the corpus listed first; import's label source from the file name; export's
    // suggested prefix).
    void encodeDialogDefaults() {
        EncodeDialog dialog({}, corpora(), encodeParamFields(), QStringLiteral("cpu"));
        const auto p = requestedDefaults(dl::encodeParamTable(), dialog.request().values, {QStringLiteral("corpus")});
        QVERIFY(p && dl::validateEncodeParams(*p));
        QCOMPARE(p->corpus, std::string("pool"));
    }
    void exploreDialogDefaults() {
        ExploreDialog dialog(corpora(), exploreParamFields(), QStringLiteral("seed"));
        const auto p = requestedDefaults(dl::exploreParamTable(), dialog.request().values, {QStringLiteral("corpus")});
        QVERIFY(p && dl::validateExploreParams(*p));
        QCOMPARE(p->corpus, std::string("seed"));  // the corpus just imported, preselected
    }
    void mixtureTrainDialogDefaults() {
        MixtureTrainDialog dialog(QStringLiteral("/kit"), QStringLiteral("/kit/../train"), mixtureTrainParamFields());
        const auto request = dialog.request();
        QCOMPARE(request.kit, QStringLiteral("/kit"));
        const auto p = requestedDefaults(dl::mixtureTrainParamTable(), request.values, {QStringLiteral("out")});
        QVERIFY(p);
        QCOMPARE(p->out, std::string("/kit/../train"));  // the work folder the window suggests
    }
    // The mixture dialogs' untouched requests give the tables' defaults (nothing is chosen
    // without a kit or a project to suggest from).
    void mixtureDialogDefaults() {
        const auto check = [](const QString& sub, const auto& table) {
            MixtureJobDialog dialog(sub, MixtureJobDialog::Context{}, mixtureParamFields(sub));
            const auto request = dialog.request();
            QCOMPARE(request.subcommand, sub);
            QCOMPARE(request.run, qint64(0));
            QVERIFY2(requestedDefaults(table, request.values, {}), qPrintable(sub));
        };
        check(QStringLiteral("kit"), dl::mixtureKitParamTable());
        check(QStringLiteral("target"), dl::mixtureTargetParamTable());
        check(QStringLiteral("schedule"), dl::mixtureScheduleParamTable());
        check(QStringLiteral("step"), dl::mixtureStepParamTable());
    }
    void importDialogDefaults() {
        ImportDialog dialog(importParamFields());
        const auto p = requestedDefaults(dl::importParamTable(), dialog.request().values,
                                         {QStringLiteral("domain-from-filename")});
        QVERIFY(p);
        QCOMPARE(p->labelSource, dl::LabelSource::FromFilename);
    }

    void exportDialogDefaults() {
        ExportDialog dialog(QStringLiteral("/tmp/selected"), corpora(), exportParamFields());
        const auto p = requestedDefaults(dl::exportParamTable(), dialog.request().values, {QStringLiteral("out")});
        QVERIFY(p);
        QCOMPARE(p->outPrefix, std::string("/tmp/selected"));
        QCOMPARE(p->mode, dl::ExportMode::Selection);
    }

    // The export dialog's cleaning fields, applied through the table as the GUI applies them:
    // the checked tags of the shown list go to --exclude-tag or --tag (a repeatable parameter,
    // one value per checked tag), the chosen filter run to --filter; the corpus's tags and runs
    // follow the exported corpus (the selection's here).
    void exportDialogCleaning_data() {
        QTest::addColumn<bool>("only");
        QTest::addColumn<QStringList>("checked");
        QTest::addColumn<qint64>("filterRun");
        QTest::newRow("nothing") << false << QStringList{} << qint64(0);
        QTest::newRow("exclude one") << false << QStringList{QStringLiteral("noisy")} << qint64(0);
        QTest::newRow("exclude two, a run")
            << false << QStringList{QStringLiteral("noisy"), QStringLiteral("x y")} << qint64(7);
        QTest::newRow("only one") << true << QStringList{QStringLiteral("x y")} << qint64(0);
        QTest::newRow("only two, a run") << true << QStringList{QStringLiteral("noisy"), QStringLiteral("x y")}
                                         << qint64(9);
    }
    void exportDialogCleaning() {
        QFETCH(bool, only);
        QFETCH(QStringList, checked);
        QFETCH(qint64, filterRun);
        ExportDialog dialog(QStringLiteral("/tmp/selected"), corpora(), exportParamFields());
        CleaningChoices choices;
        choices.selectionCorpus = QStringLiteral("pool");
        choices.corpora[QStringLiteral("pool")].tags = {{QStringLiteral("noisy"), 3}, {QStringLiteral("x y"), 1}};
        choices.corpora[QStringLiteral("pool")].filterRuns = {{9, QStringLiteral("near-dup"), 4},
                                                              {7, QStringLiteral("langid"), -1}};
        choices.corpora[QStringLiteral("seed")].tags = {{QStringLiteral("other"), 2}};
        dialog.setCleaning(choices);
        QCOMPARE(dialog.exportedCorpus(), QStringLiteral("pool"));
        auto* list = dialog.findChild<QListWidget*>(QStringLiteral("exclude-tag"));
        QVERIFY(list);
        QCOMPARE(list->count(), 2);  // pool's tags, not seed's
        for (int i = 0; i < list->count(); ++i)
            if (checked.contains(list->item(i)->data(Qt::UserRole).toString()))
                list->item(i)->setCheckState(Qt::Checked);
        // switching to "only" carries the checked tags over to the other list
        auto* tagMode = dialog.findChild<QComboBox*>(QStringLiteral("tag-mode"));
        QVERIFY(tagMode);
        if (only) tagMode->setCurrentIndex(1);
        auto* filter = dialog.findChild<QComboBox*>(QStringLiteral("filter"));
        QVERIFY(filter);
        QCOMPARE(filter->count(), 3);  // none, run 9, run 7
        if (filterRun) filter->setCurrentIndex(filter->findData(filterRun));
        const QVariantMap values = dialog.request().values;
        dl::ExportParams p;
        QVERIFY(applyParamValues(dl::exportParamTable(), p, values));
        std::vector<std::string> expected;
        for (const auto& t : checked) expected.push_back(t.toStdString());
        QCOMPARE(p.tags, only ? expected : std::vector<std::string>{});
        QCOMPARE(p.excludeTags, only ? std::vector<std::string>{} : expected);
        QCOMPARE(p.filterRun.value_or(0), std::int64_t(filterRun));
        QVERIFY(!values.contains(QStringLiteral("corpus")));  // the selection names its corpus
    }

    // A corpus name from a project can be megabytes long (a crafted file): every dialog's corpus
    // list shows it bounded (Qt shapes the whole string on each repaint) and still sends the whole
    // name to the job, and the filter runs offered follow the whole name.
    void longCorpusNamesAreBoundedInDialogs_data() {
        QTest::addColumn<QString>("command");
        for (const char* c : {"cluster", "encode", "explore", "export", "filter", "select"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }
    void longCorpusNamesAreBoundedInDialogs() {
        QFETCH(QString, command);
        const QString longName = QStringLiteral("pool-") + QString(200000, QLatin1Char('x'));
        const QList<CorpusChoice> list{CorpusChoice{longName, {QStringLiteral("law")}, true},
                                       CorpusChoice{QStringLiteral("seed"), {QStringLiteral("law")}, true}};
        CleaningChoices choices;
        choices.corpora[longName].filterRuns = {{4, QStringLiteral("near-dup"), 12}};
        std::unique_ptr<QDialog> dialog;
        std::function<QVariantMap()> request;
        auto keep = [&](auto d) {
            auto* raw = d.get();
            request = [raw] { return raw->request().values; };
            dialog = std::move(d);
            return raw;
        };
        if (command == QLatin1String("cluster"))
            keep(std::make_unique<ClusterDialog>(list, clusterParamFields()))->setCleaning(choices);
        else if (command == QLatin1String("encode"))
            keep(
                std::make_unique<EncodeDialog>(QList<ModelChoice>{}, list, encodeParamFields(), QStringLiteral("cpu")));
        else if (command == QLatin1String("explore")) keep(std::make_unique<ExploreDialog>(list, exploreParamFields()));
        else if (command == QLatin1String("export"))
            keep(std::make_unique<ExportDialog>(QString(), list, exportParamFields()));
        else if (command == QLatin1String("filter")) keep(std::make_unique<FilterDialog>(list, filterParamFields()));
        else
            keep(std::make_unique<SelectDialog>(list, selectParamFields(), crossLingualParamFields()))
                ->setCleaning(choices);
        const QString key = command == QLatin1String("select") ? QStringLiteral("pool") : QStringLiteral("corpus");
        QComboBox* corpus = nullptr;
        for (auto* box : dialog->findChildren<QComboBox*>())
            if (!corpus && box->count() >= 2 && box->itemData(0, kCorpusNameRole).toString() == longName) corpus = box;
        QVERIFY(corpus);
        corpus->setCurrentIndex(0);
        QVERIFY(corpus->itemText(0).size() <= DisplayText::kDisplayChars + 1);
        QVERIFY(corpus->itemData(0, Qt::ToolTipRole).toString().size() <= DisplayText::kTooltipChars + 200);
        if (command == QLatin1String("export")) {  // the corpus counts only when the export is grouped by domain
            auto* what = dialog->findChild<QComboBox*>(QStringLiteral("what"));
            QVERIFY(what);
            what->setCurrentIndex(what->findData(QStringLiteral("shards")));
        }
        const QVariantMap values = request();
        QCOMPARE(values.value(key).toString(), longName);
        if (command == QLatin1String("select"))
            QCOMPARE(values.value(QStringLiteral("seed")).toString(), QStringLiteral("seed"));
        if (auto* filter = dialog->findChild<QComboBox*>(QStringLiteral("filter"));
            filter && (command == QLatin1String("cluster") || command == QLatin1String("select")))
            QCOMPARE(filter->count(), 2);  // none, the long-named corpus's run 4
    }

    // The Cluster and Select dialogs offer the filter runs of the corpus (the pool) chosen, and
    // follow it; the run chosen goes to --filter, none leaves the job's default (no filter).
    void filterRunFollowsTheCorpus_data() {
        QTest::addColumn<QString>("command");
        QTest::newRow("cluster") << QStringLiteral("cluster");
        QTest::newRow("select") << QStringLiteral("select");
    }
    void filterRunFollowsTheCorpus() {
        QFETCH(QString, command);
        CleaningChoices choices;
        choices.corpora[QStringLiteral("pool")].filterRuns = {{4, QStringLiteral("near-dup"), 12}};
        choices.corpora[QStringLiteral("seed")].filterRuns = {{6, QStringLiteral("langid"), 3},
                                                              {5, QStringLiteral("bitext"), 0}};
        std::unique_ptr<QDialog> dialog;
        if (command == QLatin1String("cluster")) {
            auto d = std::make_unique<ClusterDialog>(corpora(), clusterParamFields());
            d->setCleaning(choices);
            dialog = std::move(d);
        } else {
            auto d = std::make_unique<SelectDialog>(corpora(), selectParamFields(), crossLingualParamFields());
            d->setCleaning(choices);
            dialog = std::move(d);
        }
        auto request = [&] {
            return command == QLatin1String("cluster") ? static_cast<ClusterDialog*>(dialog.get())->request().values
                                                       : static_cast<SelectDialog*>(dialog.get())->request().values;
        };
        auto* filter = dialog->findChild<QComboBox*>(QStringLiteral("filter"));
        QVERIFY(filter);
        QCOMPARE(filter->count(), 2);  // none, pool's run 4
        QVERIFY(!request().contains(QStringLiteral("filter")));
        filter->setCurrentIndex(1);
        QCOMPARE(request().value(QStringLiteral("filter")).toLongLong(), 4);
        // the corpus list (the pool's for select) is the first combo box that lists "seed" second
        QComboBox* corpus = nullptr;
        for (auto* box : dialog->findChildren<QComboBox*>())
            if (!corpus && box != filter && box->count() == 2 && box->itemText(1) == QLatin1String("seed"))
                corpus = box;
        QVERIFY(corpus);
        corpus->setCurrentIndex(1);
        QCOMPARE(filter->count(), 3);  // none, seed's runs 6 and 5
        QVERIFY(!request().contains(QStringLiteral("filter")));  // run 4 is not seed's
        filter->setCurrentIndex(filter->findData(qint64(5)));
        const QVariantMap values = request();
        QCOMPARE(values.value(QStringLiteral("filter")).toLongLong(), 5);
        if (command == QLatin1String("cluster")) {
            dl::ClusterParams p;
            QVERIFY(applyParamValues(dl::clusterParamTable(), p, values));
            QCOMPARE(p.filterRun.value_or(0), 5);
        }
    }

    // The Cluster dialog's mixture fields are "auto" each on its own: on an e5-like set (the
    // project's vectors under multilingual-e5-small's name) a field left at auto gets the
    // model's value (full, 20 restarts, 1e-2), a field set keeps it, and full / 3 / 1e-6 set
    // in the dialog are fitted as such (before, the dialog's defaults always meant the model's
    // mixture). The run records which fields were auto; all auto = the CLI without the options.
    void clusterDialogMixtureAutoPerField_data() {
        QTest::addColumn<QVariantMap>("set");  // the dialog fields set; the others left at auto
        QTest::addColumn<QString>("cov");
        QTest::addColumn<int>("nInit");
        QTest::addColumn<double>("regCovar");
        QTest::addColumn<QStringList>("autoKeys");
        QTest::newRow("all auto") << QVariantMap{} << "full" << 20 << 1e-2
                                  << QStringList{QStringLiteral("covariance"), QStringLiteral("n_init"),
                                                 QStringLiteral("reg_covar")};
        QTest::newRow("cov full, the others auto")
            << QVariantMap{{QStringLiteral("cov"), QStringLiteral("full")}} << "full" << 20 << 1e-2
            << QStringList{QStringLiteral("n_init"), QStringLiteral("reg_covar")};
        QTest::newRow("full, 3, 1e-6 set") << QVariantMap{{QStringLiteral("cov"), QStringLiteral("full")},
                                                          {QStringLiteral("n-init"), 3},
                                                          {QStringLiteral("reg-covar"), 1e-6}}
                                           << "full" << 3 << 1e-6 << QStringList{};
        QTest::newRow("restarts 2, the others auto")
            << QVariantMap{{QStringLiteral("n-init"), 2}} << "full" << 2 << 1e-2
            << QStringList{QStringLiteral("covariance"), QStringLiteral("reg_covar")};
    }
    void clusterDialogMixtureAutoPerField() {
        QFETCH(QVariantMap, set);
        QFETCH(QString, cov);
        QFETCH(int, nInit);
        QFETCH(double, regCovar);
        QFETCH(QStringList, autoKeys);
        const QString e5 = dir_.filePath(QStringLiteral("e5like.dlproj"));
        if (!QFile::exists(e5)) {
            auto copied = runCli({QStringLiteral("copy"), project_, e5});
            QVERIFY2(copied.exitCode == 0, copied.err.constData());
            QVERIFY(sqlExec(e5, "UPDATE embedding_sets SET model_name = 'multilingual-e5-small'"));
        }
        ClusterDialog dialog(corpora(), clusterParamFields());
        for (auto it = set.begin(); it != set.end(); ++it) {
            QWidget* w = dialog.findChild<QWidget*>(it.key());
            QVERIFY2(w, qPrintable(it.key()));
            if (auto* box = qobject_cast<QComboBox*>(w)) box->setCurrentIndex(box->findData(it.value()));
            else if (auto* spin = qobject_cast<QSpinBox*>(w)) spin->setValue(it.value().toInt());
            else if (auto* dspin = qobject_cast<QDoubleSpinBox*>(w)) dspin->setValue(it.value().toDouble());
            QCOMPARE(paramWidgetValue(w), it.value());
        }
        auto request = dialog.request();
        request.values.insert(QStringLiteral("corpus"), QStringLiteral("pool"));
        request.values.insert(QStringLiteral("pca"), 8);
        auto outcome = std::make_shared<JobOutcome>();
        dl::NullProgress progress;
        dl::CancelToken cancel;
        auto done = makeClusterJob(e5, request, outcome)(progress, cancel);
        QVERIFY2(done, done ? "" : done.error().message.c_str());
        auto store = dl::Store::open(e5.toStdString(), dl::OpenMode::ReadOnly);
        QVERIFY(store);
        const auto gui = dl::getRun(**store, outcome->runId).value().params;
        QCOMPARE(QString::fromStdString(gui.value("covariance", std::string())), cov);
        QCOMPARE(gui.value("n_init", 0), nInit);
        QCOMPARE(gui.value("reg_covar", 0.0), regCovar);
        QStringList stored;
        for (const auto& k : gui.value("mixture_auto", nlohmann::json::array())) stored << QString::fromStdString(k);
        QCOMPARE(stored, autoKeys);
        if (!set.isEmpty()) return;
        // All auto: what the command line stores without --cov, --n-init and --reg-covar.
        auto r =
            runCli({QStringLiteral("cluster"), e5, QStringLiteral("--corpus"), QStringLiteral("pool"),
                    QStringLiteral("--pca"), QStringLiteral("8"), QStringLiteral("--json"), QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto cli = dl::getRun(**store, r.json().value(QStringLiteral("run")).toInteger()).value().params;
        QCOMPARE(QString::fromStdString(cli.dump()), QString::fromStdString(gui.dump()));
    }

    // The filter dialog's untouched request is the job's defaults (the corpus listed first); each
    // kind sends its own parameters only, and a centroid to keep is left to semantic-dup.
    void filterDialogDefaults() {
        FilterDialog dialog(corpora(), filterParamFields());
        const auto p = requestedDefaults(dl::filterParamTable(), dialog.request().values, {QStringLiteral("corpus")});
        QVERIFY(p);
        dl::FilterParams checked = *p;
        QVERIFY(dl::validateFilterParams(checked));
        QCOMPARE(p->corpus, std::string("pool"));
    }
    void filterDialogFollowsTheKind_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QStringList>("sent");
        QTest::addColumn<QStringList>("notSent");
        QTest::newRow("near-dup") << QStringLiteral("near-dup")
                                  << QStringList{QStringLiteral("threshold"), QStringLiteral("shingle"),
                                                 QStringLiteral("keep")}
                                  << QStringList{QStringLiteral("min-prob"), QStringLiteral("eps"),
                                                 QStringLiteral("max-copy")};
        QTest::newRow("langid") << QStringLiteral("langid")
                                << QStringList{QStringLiteral("min-prob"), QStringLiteral("sides")}
                                << QStringList{QStringLiteral("threshold"), QStringLiteral("keep"),
                                               QStringLiteral("lang-src")};  // empty: the corpus's language
        QTest::newRow("bitext") << QStringLiteral("bitext")
                                << QStringList{QStringLiteral("min-words"), QStringLiteral("max-copy"),
                                               QStringLiteral("min-numerals")}
                                << QStringList{QStringLiteral("threshold"), QStringLiteral("sides")};
        QTest::newRow("semantic-dup") << QStringLiteral("semantic-dup")
                                      << QStringList{QStringLiteral("eps"), QStringLiteral("cluster-run"),
                                                     QStringLiteral("keep")}
                                      << QStringList{QStringLiteral("threshold"), QStringLiteral("min-prob")};
        QTest::newRow("decontaminate") << QStringLiteral("decontaminate")
                                       << QStringList{QStringLiteral("threshold"), QStringLiteral("shingle")}
                                       << QStringList{QStringLiteral("keep"), QStringLiteral("eps")};
    }
    void filterDialogFollowsTheKind() {
        QFETCH(QString, kind);
        QFETCH(QStringList, sent);
        QFETCH(QStringList, notSent);
        FilterDialog dialog(corpora(), filterParamFields());
        auto* kindBox = dialog.findChild<QComboBox*>(QStringLiteral("kind"));
        auto* keep = dialog.findChild<QComboBox*>(QStringLiteral("keep"));
        QVERIFY(kindBox && keep);
        kindBox->setCurrentIndex(kindBox->findData(QStringLiteral("semantic-dup")));
        keep->setCurrentIndex(keep->findData(QStringLiteral("central")));
        kindBox->setCurrentIndex(kindBox->findData(kind));
        const QVariantMap values = dialog.request().values;
        QCOMPARE(values.value(QStringLiteral("kind")).toString(), kind);
        for (const auto& name : sent) QVERIFY2(values.contains(name), qPrintable(name));
        for (const auto& name : notSent) QVERIFY2(!values.contains(name), qPrintable(name));
        dl::FilterParams p;
        QVERIFY(applyParamValues(dl::filterParamTable(), p, values));
        QVERIFY2(dl::validateFilterParams(p), kind.toUtf8().constData());  // central only with semantic-dup
        QCOMPARE(p.keep == dl::KeepRule::Central, kind == QLatin1String("semantic-dup"));
    }

    // The select dialog's iterations follow the method: the table's default (contrast's) and
    // invitation's own (core's InvitationOptions).
    void selectDialogIterations() {
        SelectDialog dialog(corpora(), selectParamFields(), crossLingualParamFields());
        auto* method = dialog.findChild<QComboBox*>(QStringLiteral("method"));
        auto* iterations = dialog.findChild<QSpinBox*>(QStringLiteral("iterations"));
        QVERIFY(method && iterations);
        method->setCurrentIndex(method->findData(QStringLiteral("invitation")));
        QCOMPARE(iterations->value(), dl::InvitationOptions{}.iterations);
        method->setCurrentIndex(method->findData(QStringLiteral("contrast")));
        QCOMPARE(iterations->value(), dl::CrossEntropyOptions{}.iterations);
        QCOMPARE(dialog.request().values.value(QStringLiteral("iterations")).toInt(),
                 dl::CrossEntropyOptions{}.iterations);
    }

    // The Select dialog's form shows the rows the chosen method reads and hides the others
    // (they stay disabled, which is what keeps them out of the request).
    void selectDialogMethodRows_data() {
        QTest::addColumn<QString>("method");
        QTest::addColumn<QStringList>("shown");
        QTest::newRow("cosine") << QStringLiteral("cosine") << QStringList{};
        QTest::newRow("finetune") << QStringLiteral("finetune") << QStringList{};
        QTest::newRow("moore-lewis") << QStringLiteral("moore-lewis") << QStringList{};
        QTest::newRow("contrast") << QStringLiteral("contrast")
                                  << QStringList{QStringLiteral("iterations"), QStringLiteral("sides"),
                                                 QStringLiteral("side")};
        QTest::newRow("invitation") << QStringLiteral("invitation")
                                    << QStringList{QStringLiteral("iterations"), QStringLiteral("pseudo-out")};
        QTest::newRow("cross-lingual") << QStringLiteral("cross-lingual") << QStringList{QStringLiteral("parallel")};
    }
    void selectDialogMethodRows() {
        QFETCH(QString, method);
        QFETCH(QStringList, shown);
        SelectDialog dialog(corpora(), selectParamFields(), crossLingualParamFields());
        auto* box = dialog.findChild<QComboBox*>(QStringLiteral("method"));
        QVERIFY(box);
        // From another method's rows to this one's, so that hiding and showing both happen.
        box->setCurrentIndex(box->findData(method == QLatin1String("contrast") ? QStringLiteral("invitation")
                                                                               : QStringLiteral("contrast")));
        box->setCurrentIndex(box->findData(method));
        QFormLayout* form = nullptr;  // the dialog's own form (the settings group has forms too)
        for (auto* f : dialog.findChildren<QFormLayout*>())
            if (f->indexOf(box) >= 0) form = f;
        QVERIFY(form);
        for (const auto& name : {QStringLiteral("parallel"), QStringLiteral("iterations"), QStringLiteral("pseudo-out"),
                                 QStringLiteral("sides"), QStringLiteral("side")}) {
            auto* widget = dialog.findChild<QWidget*>(name);
            QVERIFY2(widget, qPrintable(name));
            QCOMPARE(form->isRowVisible(widget), shown.contains(name));
            QCOMPARE(widget->isVisibleTo(&dialog), shown.contains(name));
            if (!shown.contains(name)) QVERIFY2(!widget->isEnabled(), qPrintable(name));
        }
    }

    // The Select dialog's settings follow the method (issue #26's options in the GUI): a request
    // holds the chosen method's settings only, its job's table takes every value the dialog sends
    // (the GUI's path to the job), and the paper's preset leaves out what it overrides.
    void selectDialogMethodSettings() {
        SelectDialog dialog(corpora(), selectParamFields(), crossLingualParamFields());
        ModelChoice tiny, absent;
        tiny.name = QStringLiteral("tiny");
        tiny.path = QStringLiteral("/models/tiny");
        absent.name = QStringLiteral("absent");
        absent.installed = false;  // installable: not offered
        dialog.setModels({tiny, absent});
        auto* method = dialog.findChild<QComboBox*>(QStringLiteral("method"));
        auto* model = dialog.findChild<QComboBox*>(QStringLiteral("model"));
        auto* classifiers = dialog.findChild<QSpinBox*>(QStringLiteral("classifiers"));
        auto* preset = dialog.findChild<QComboBox*>(QStringLiteral("preset"));
        auto* vocabulary = dialog.findChild<QComboBox*>(QStringLiteral("vocabulary"));
        auto* rounds = dialog.findChild<QSpinBox*>(QStringLiteral("finetune-rounds"));
        auto* negatives = dialog.findChild<QLineEdit*>(QStringLiteral("negatives"));
        auto* keepAdapted = dialog.findChild<QCheckBox*>(QStringLiteral("keep-adapted"));
        QVERIFY(method && model && classifiers && preset && vocabulary && rounds && negatives && keepAdapted);
        QCOMPARE(model->count(), 2);  // the method's default, then the installed model only
        auto choose = [&](const char* m) { method->setCurrentIndex(method->findData(QString::fromLatin1(m))); };
        auto pick = [&](const char* name, const char* value) {
            auto* box = dialog.findChild<QComboBox*>(QString::fromLatin1(name));
            box->setCurrentIndex(box->findData(QString::fromLatin1(value)));
        };
        const QStringList settings{QStringLiteral("pu-rounds"),       QStringLiteral("classifiers"),
                                   QStringLiteral("preset"),          QStringLiteral("finetune-epochs"),
                                   QStringLiteral("finetune-rounds"), QStringLiteral("vocabulary"),
                                   QStringLiteral("adaptive-layer"),  QStringLiteral("infonce"),
                                   QStringLiteral("negatives"),       QStringLiteral("keep-adapted")};
        auto settingsIn = [&] {
            QStringList in;
            const QVariantMap values = dialog.request().values;
            for (const auto& name : settings)
                if (values.contains(name)) in << name;
            return in;
        };
        auto applied = [&] {
            dl::SelectParams p;
            auto s = applyParamValues(dl::selectParamTable(), p, dialog.request().values);
            if (!s) qWarning("%s", s.error().message.c_str());
            return s ? std::optional(p) : std::nullopt;
        };

        choose("cosine");
        QVERIFY(settingsIn().isEmpty());
        QVERIFY(model->parentWidget()->parentWidget()->isHidden());  // no settings: no empty group
        choose("finetune");
        QVERIFY(!model->parentWidget()->parentWidget()->isHidden());
        choose("cosine");
        model->setCurrentIndex(1);  // cross-lingual's encoder: the other methods score the stored vectors
        QVERIFY(!dialog.request().values.contains(QStringLiteral("model")));

        choose("finetune");
        QCOMPARE(settingsIn(), (QStringList{QStringLiteral("preset"), QStringLiteral("finetune-epochs"),
                                            QStringLiteral("finetune-rounds")}));
        rounds->setValue(2);
        auto p = applied();
        QVERIFY(p);
        QCOMPARE(p->method, dl::SelectMethod::Finetune);
        QCOMPARE(p->fineTuneRounds, 2);
        QCOMPARE(p->fineTune.epochs, dl::FineTuneOptions{}.epochs);
        QVERIFY(p->model.empty());
        pick("preset", "paper");
        QCOMPARE(settingsIn(), QStringList{QStringLiteral("preset")});  // the paper's epochs and one round
        p = applied();
        QVERIFY(p && p->preset == dl::FineTunePreset::Paper);
        pick("preset", "default");

        choose("finetune-head");
        QCOMPARE(settingsIn(), (QStringList{QStringLiteral("pu-rounds"), QStringLiteral("classifiers")}));
        p = applied();
        QVERIFY(p);
        QCOMPARE(p->head.rounds, dl::finetuneHeadDefaults().rounds);
        QCOMPARE(p->headClassifiers, dl::SelectParams{}.headClassifiers);

        choose("contrast");
        QVERIFY(settingsIn().isEmpty());  // the vocabulary: the method's default
        QVERIFY(!dialog.request().values.contains(QStringLiteral("model")));
        pick("vocabulary", "seed");
        p = applied();
        QVERIFY(p && p->poolVocabulary == false);

        choose("cross-lingual");
        QCOMPARE(dialog.request().values.value(QStringLiteral("model")).toString(), QStringLiteral("/models/tiny"));
        QCOMPARE(settingsIn(),
                 (QStringList{QStringLiteral("classifiers"), QStringLiteral("preset"), QStringLiteral("adaptive-layer"),
                              QStringLiteral("infonce"), QStringLiteral("negatives"), QStringLiteral("keep-adapted")}));
        QCOMPARE(classifiers->value(), dl::CrossLingualParams{}.classifiers);  // cross-lingual's own default
        pick("adaptive-layer", "none");
        pick("infonce", "eq1");
        negatives->setText(QStringLiteral("lowest:500"));
        keepAdapted->setChecked(true);
        dl::CrossLingualParams c;
        auto s = applyParamValues(dl::crossLingualParamTable(), c, dialog.request().values);
        QVERIFY2(s, s ? "" : s.error().message.c_str());
        QCOMPARE(c.classifiers, dl::CrossLingualParams{}.classifiers);
        QVERIFY(c.adaptiveLayer == dl::AdaptiveLayerKind::None);
        QVERIFY(c.infoNce == dl::InfoNceForm::Eq1);
        QCOMPARE(c.negatives, std::string("lowest:500"));
        QVERIFY(c.keepAdapted);
        QCOMPARE(c.model, std::string("/models/tiny"));
        c.parallel = "pool";  // the dialog's parallel corpus (these test corpora have none)
        QVERIFY(dl::validateCrossLingualParams(c));
        pick("preset", "paper");
        QCOMPARE(settingsIn(), (QStringList{QStringLiteral("preset"), QStringLiteral("adaptive-layer"),
                                            QStringLiteral("keep-adapted")}));
        choose("finetune-head");  // back: finetune-head's own default again
        QCOMPARE(classifiers->value(), dl::SelectParams{}.headClassifiers);
    }

    // What the select tables store reads back into the same parameters, for every method.
    void selectParamsReadBack() {
        for (const auto& method : dl::selectParamTable().find("method")->spec.choices) {
            dl::SelectParams p;
            QVERIFY(dl::selectParamTable().set(p, "method", method));
            p.seed = "seed:medical:5";
            p.top = 7;
            const nlohmann::json stored = p.toJson();
            auto back = dl::selectParamTable().fromJson(stored);
            QVERIFY2(back, back ? "" : back.error().message.c_str());
            QCOMPARE(QString::fromStdString(back->toJson().dump()), QString::fromStdString(stored.dump()));
        }
        dl::CrossLingualParams c;
        c.parallel = "par";
        const nlohmann::json stored = c.toJson();
        auto back = dl::crossLingualParamTable().fromJson(stored);
        QVERIFY2(back, back ? "" : back.error().message.c_str());
        QCOMPARE(QString::fromStdString(back->toJson().dump()), QString::fromStdString(stored.dump()));
    }

    // What a cluster run stored reads back into the same parameters.
    void storedRunReadsBack() {
        const auto& table = dl::clusterParamTable();
        auto back = table.fromJson(cliRun_[QStringLiteral("cluster")]);
        QVERIFY2(back, back ? "" : back.error().message.c_str());
        const nlohmann::json again = table.toJson(*back);
        for (const auto& s : table.specs()) {
            if (s.jsonKey.empty()) continue;
            const nlohmann::json* a = dl::findJsonPath(again, s.jsonKey);
            const nlohmann::json* b = dl::findJsonPath(cliRun_[QStringLiteral("cluster")], s.jsonKey);
            QCOMPARE(bool(a), bool(b));
            if (a) QCOMPARE(QString::fromStdString(a->dump()), QString::fromStdString(b->dump()));
        }
    }
};

QTEST_MAIN(TestParamAgreement)
#include "tst_paramagreement.moc"
