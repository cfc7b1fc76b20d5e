#pragma once
// Reads for the Cleaning panel (app/panels/CleaningPanel.h): a filter run's counts, the corpus
// composition before and after it, and its ledger of removed sentences one page at a time
// (keyset paging in SQL, store/Removals.h). Each opens the project read-only; call them off the
// GUI thread (AsyncService).
#include <QString>
#include <QVector>

#include "FilterViewData.h"
#include "RemovalTableModel.h"
#include "common/Error.h"
#include "jobs/Progress.h"

dl::Expected<FilterViewData> readFilterView(const QString& projectPath, qint64 runId,
                                            const dl::CancelToken& cancel = {});

struct RemovalPage {
    QVector<RemovalEntry> rows;
    bool atEnd = true;  // no removed sentence after the last row
};
// The removed sentences with an id above `afterSentenceId`, at most `limit`, by id.
dl::Expected<RemovalPage> readRemovalPage(const QString& projectPath, qint64 runId, qint64 afterSentenceId, int limit);

// The boundary thumbnail of a score-based filter run at `threshold`: up to `perSide` removed
// sentences on each side of it, nearest first (those short of it, which the threshold would
// keep, then those past it, still removed), with their source text. `higherRemoves`: duplicates
// are removed at or above a similarity, langid below a probability. Only removed sentences have
// a stored score (store/Removals.h: one row per removed sentence), so both sides are removed
// sentences of the run; a threshold moved past the stored one shows which of them it would keep.
dl::Expected<QVector<BoundaryRow>> readBoundary(const QString& projectPath, qint64 runId, double threshold,
                                                bool higherRemoves, int perSide, const dl::CancelToken& cancel = {});
