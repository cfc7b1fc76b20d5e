#pragma once
// Selection methods side by side, read from the project for the Methods view: 2–4 selection
// runs of one pool, their top k compared (core/select/MethodOverlap), the rank-vs-rank scatter
// and the kept-by-one-dropped-by-the-other lists of one chosen pair, and the top-k
// membership of every point of the pool's latest clustering map.
// Opens its own read-only connection: run it off the GUI thread.
#include <QHash>
#include <QStringList>
#include <QVector>

#include "KeptDroppedModel.h"
#include "MethodPairsModel.h"
#include "ScatterData.h"
#include "UpSetData.h"
#include "common/Error.h"
#include "jobs/Progress.h"

struct MethodComparisonRequest {
    QVector<qint64> runIds;  // 2–4 selection runs of the same pool
    qint64 k = 0;            // 0 = the smallest of the runs' stored cuts
    int pairA = 0, pairB = 1;  // indices into runIds for the rank scatter and the lists
    int keptListLimit = 2000;  // rows per kept/dropped list
};

struct MethodComparisonData {
    MethodComparisonRequest request;
    QStringList labels;               // "#4 cosine" per run
    qint64 k = 0;
    QString summary;                  // one line: k, pool, union
    UpSetData upset;
    QVector<MethodPairRow> pairs;
    ScatterData rankScatter;          // x = rank in A, y = rank in B (1 = best), category = membership
    QVector<KeptDroppedRow> keptByA, keptByB;  // A keeps & B drops; B keeps & A drops
    ScatterData map;                  // the pool's latest clustering map (empty if none)
    QVector<quint8> mapMask;          // per map point: bit i = in run i's top k
    QString mapTitle;
    qint64 poolCorpusId = 0;          // the pool's corpus
    qint64 mapRun = 0;                // the run whose map `map` is (0 = none)
    QHash<qint64, quint8> topMask;    // sentence id -> bit i = in run i's top k (the map's mask)
};

// A set `cancel` (a superseded request) stops the read between runs and steps (dl::cancelled()).
dl::Expected<MethodComparisonData> readMethodComparison(const QString& projectPath,
                                                        const MethodComparisonRequest& request,
                                                        const dl::CancelToken& cancel = {});

// `data` with the pool's newest map read again (explore's assign run growing chunk by chunk:
// the rows stored so far), masked with data.topMask; the rest of the comparison is kept.
dl::Expected<MethodComparisonData> readMethodMap(const QString& projectPath, MethodComparisonData data,
                                                 const dl::CancelToken& cancel = {});

// Categories of the map for "which method keeps it": mode -1 = every combination
// (names "cosine ∩ finetune", ...), mode i = in run i's top k or not.
void methodMapCategories(const QVector<quint8>& mask, const QStringList& labels, int mode, QVector<int>& category,
                         QStringList& names);
