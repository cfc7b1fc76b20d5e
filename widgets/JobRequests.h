#pragma once
// What the job dialogs ask for, as plain data; app/ maps them onto the core job parameters.
#include <QList>
#include <QString>
#include <QStringList>

struct ModelChoice {
    QString name;    // shown and used as the embedding key
    QString path;    // model directory
    QString source;  // default / data-dir / hf-cache
    bool supported = true;
};

struct CorpusChoice {
    QString name;
    QStringList domains;
    bool parallel = false;
};

struct EncodeRequest {
    QString corpus;
    QString model;  // path or name; empty = default
    bool targetSide = false;
    int layer = -1;
    QString pooling = QStringLiteral("mean");
    bool normalize = false;
    bool float32 = false;
    int threads = 0;           // from the settings
    int batchTokens = 16384;
};

struct ClusterRequest {
    QString corpus;
    int k = 7;
    int pcaDims = 50;
    QString covariance = QStringLiteral("full");
    int seeds = 5;
    int maxIter = 100;
    bool sweep = false;  // BIC/AIC over kFrom..kTo instead of one k
    int kFrom = 2, kTo = 15;
};

struct SelectRequest {
    QString method = QStringLiteral("cosine");
    QString pool;
    QString seedCorpus;
    QString seedDomain;  // empty = the whole seed corpus
    int seedSample = 0;  // > 0: a random sample of this many seed sentences
    QString parallel;    // cross-lingual: the parallel corpus
    bool useTop = true;
    qint64 top = 0;      // 0 = the method's default cut
    double threshold = 0.5;
};

struct ExportRequest {
    enum class Mode { Selection, Shards, Mixture };
    Mode mode = Mode::Selection;
    QString format = QStringLiteral("moses");
    QString prefix;
    bool scores = false;
    bool gzip = false;
    bool scoreOrder = false;
    bool force = false;
    QString groupBy = QStringLiteral("domain");
    double alpha = 1.0;
    qint64 sampleSize = 0;
    qint64 run = 0;  // 0 = the latest run of the fitting kind
    qint64 top = 0;  // selection: re-cut to the best k (0 = the run's own cut)
};
