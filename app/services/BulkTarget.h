#pragma once
// What a bulk action (Tag…, Untag…, Include, Exclude; app/panels/BulkActions) applies to: the
// sentences picked on the map with the rectangle or lasso, a search result, a GMM cluster of
// the map, or a filter run's result (everything it removed, or what one of its rules removed).
// Each source gives its sentence ids as a function run with the project open, off the GUI
// thread (a filter run's removals are read from its ledger there; the other sources are ids
// the view holds already).
// Thread affinity: plain data; `ids` runs on any thread.
#include <QString>
#include <QVector>

#include <cstdint>
#include <vector>

#include "TagCommand.h"
#include "common/CancelToken.h"
#include "common/Error.h"

struct BulkTarget {
    QString what;         // for the user: "12 sentences picked on the map", "cluster c3 → law"
    TagCommand::Ids ids;  // sorted, unique sentence ids; null = nothing to act on
    bool fixed = false;   // ids known already (map, search, cluster): no read needed
    std::vector<std::int64_t> known;  // those ids when fixed

    bool isNull() const { return !ids; }

    // Ids the view holds (sorted and made unique here).
    static BulkTarget these(QString what, const QVector<qint64>& ids);
    // Every sentence filter run `runId` removed (its ledger).
    static BulkTarget removedBy(QString what, qint64 runId);
    // The sentences rule `rule` (index into the run summary's rules) of filter run `runId` removed.
    static BulkTarget removedByRule(QString what, qint64 runId, int rule);
};

// The target's ids with the project at `projectPath` open read-only (a read off the GUI thread).
dl::Expected<std::vector<std::int64_t>> readBulkIds(const QString& projectPath, const BulkTarget& target,
                                                    const dl::CancelToken& cancel = {});
// The sentences rule `rule` of filter run `runId` removed, by id (the ledger read page by page).
dl::Expected<std::vector<std::int64_t>> removedByRuleIds(dl::Store& store, std::int64_t runId, int rule,
                                                         const dl::CancelToken& cancel = {});
