#pragma once
// The cleaning choices the Export, Cluster and Select dialogs offer (JobRequests.h's
// CleaningChoices): each corpus's free tags with counts (store/Tags.h corpusTags) and its filter
// runs, and which corpus an export of the selection or of the clusters reads. The read opens the
// project read-only: call it off the GUI thread (loadCleaningChoicesAsync).
#include <QObject>

#include <functional>

#include "JobRequests.h"
#include "common/Error.h"
#include "jobs/Progress.h"

class AsyncService;

// `selectionRun`: the run a selection export reads (0 = the latest selection run).
dl::Expected<CleaningChoices> readCleaningChoices(const QString& projectPath, qint64 selectionRun,
                                                  const dl::CancelToken& cancel = {});

// Reads them on the service's read pool (`receiver`'s channel "cleaning-choices") and calls
// `deliver` on the GUI thread unless `receiver` (the dialog) is gone; a failed read leaves the
// dialog without choices (its fields then offer none). Called on the GUI thread.
void loadCleaningChoicesAsync(AsyncService& async, QObject* receiver, const QString& projectPath, qint64 selectionRun,
                              std::function<void(CleaningChoices)> deliver);
