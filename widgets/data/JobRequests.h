#pragma once
// What the job dialogs ask for, as plain data; app/ maps them onto the core job parameters.
#include <QList>
#include <QMap>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QVariantMap>

struct ModelChoice {
    QString name;    // shown to users (sets are keyed by the model's content, not this name)
    QString path;    // model directory ("" when not installed)
    QString source;  // default / data-dir / hf-cache / installable
    bool supported = true;
    bool installed = true;          // false: scripts/install-model.sh NAME can install it
    QString languages;              // "" = unknown
    int dim = 0;                    // 0 = unknown
    qint64 sizeBytes = 0;           // on disk (approximate when not installed)
    double sentencesPerSecond = 0;  // measured by the last encode (0 = never)
    QString speedDevice;
    int recommendedLayer = -1;      // the layer the dialog proposes for this model (-1 = last)
    QString recommendedLayerMean;   // layers the dialog proposes to average ("8,10"), "" = one layer
};

struct CorpusChoice {
    QString name;
    QStringList domains;
    bool parallel = false;
};

// A filter run the Export, Cluster and Select dialogs offer to apply (--filter RUN).
struct FilterRunChoice {
    qint64 id = 0;
    QString kind;         // near-dup, semantic-dup, langid, bitext, decontaminate, pipeline
    qint64 removed = -1;  // sentences it removed (-1: no summary, the run did not finish)
};

// What one corpus offers for cleaning: its free tags with how many sentences carry each (by
// tag), and its filter runs (newest first).
struct CorpusCleaning {
    QList<QPair<QString, qint64>> tags;
    QList<FilterRunChoice> filterRuns;
};

// The project's cleaning choices, read off the GUI thread (app/services/CleaningChoices.h).
struct CleaningChoices {
    QMap<QString, CorpusCleaning> corpora;  // by corpus name
    QString selectionCorpus;  // the corpus of the selection an export reads (the given or latest run)
    QString clusterCorpus;    // the corpus of the latest clustering run (exports by cluster)
};

struct EncodeRequest {
    // The job's parameters by name (ParamField::name: "corpus", "model", "side", "layer",
    // "pooling", "precision", "threads", "batch-tokens", ...); a name left out keeps the job's
    // default (core's parameter table). "model": a path or name; absent = the default model.
    QVariantMap values;
};

struct ClusterRequest {
    // The job's parameters by name (ParamField::name: "corpus", "k", "pca", "n-init", "layers",
    // ...); a name left out keeps the job's default (core's parameter table).
    QVariantMap values;
    bool sweep = false;  // BIC/AIC over kFrom..kTo instead of one k
    int kFrom = 2, kTo = 15;
    bool layerSweep = false;  // purity/NMI + silhouette per encoded layer instead of one clustering
};

struct SelectRequest {
    // The job's parameters by name (ParamField::name: "method", "pool", "seed", "top",
    // "iterations", ...; "seed" as CORPUS[:DOMAIN[:N]]); a name left out keeps the job's default
    // (core's parameter tables: the selection methods' or cross-lingual's, by "method").
    QVariantMap values;
};

struct ExportRequest {
    // The job's parameters by name (ParamField::name: "format", "out", "scores", "gzip", "order",
    // "shards", "mixture", "by", "alpha", "size", "top", ...); a name left out keeps the job's
    // default (core's export/ExportParamsTable.cpp): neither "shards" nor "mixture" = the selection.
    QVariantMap values;
    qint64 run = 0;  // 0 = the latest run of the fitting kind (the CLI's positional RUN)
};

struct ExploreRequest {
    // The job's parameters by name (ParamField::name: "corpus", "sample", "sample-seed", "chunk",
    // "model", "precision", "k", ...); a name left out keeps the job's default (core's
    // explore/ExploreParamsTable.cpp). "model": a path or name; absent = the default model.
    QVariantMap values;
};

struct FilterRequest {
    // The job's parameters by name (ParamField::name: "corpus", "kind", "threshold", "shingle",
    // "min-prob", "eps", ...); a name left out keeps the job's default (core's
    // filter/FilterParamsTable.cpp).
    QVariantMap values;
};

// A stored run a dialog offers by name (a cluster or a selection run of the open project).
struct RunChoice {
    qint64 id = 0;
    QString label;  // "#4 cluster on pool (k=8)"
};

// Mixture > Build Mixture Kit, Target Mixture, Schedule, MDAC Step: the CLI's `mixture kit |
// target | schedule | step` (core/mixture/MixtureParamsTable.cpp declares their parameters).
struct MixtureRequest {
    QString subcommand;  // "kit", "target", "schedule" or "step"
    qint64 run = 0;      // kit, target: the cluster run (the CLI's RUN); 0 = none (the latest)
    QString state;       // step: the MDAC state file (the CLI's STATE)
    // The subcommand's parameters by name (ParamField::name: "out", "by", "dev-lines", "from",
    // "kind", "rewards", ...); a name left out keeps the job's default.
    QVariantMap values;
};

struct MixtureTrainRequest {
    QString kit;  // the kit's folder (`mixture kit`), the CLI's KIT_DIR
    // The job's parameters by name (ParamField::name: "schedule", "out", "steps", "batch",
    // "mdac-lr", ...); a name left out keeps the job's default (core's
    // mixture/MixtureParamsTable.cpp).
    QVariantMap values;
};
