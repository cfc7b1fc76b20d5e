#pragma once
// Read-only queries the GUI needs from a project, as plain data for the widgets.
// They open their own read-only connection, so they can run on any thread (the GUI runs
// them through QtConcurrent, never on the GUI thread itself).
#include <QList>
#include <QString>

#include "CorpusSummary.h"
#include "ImportRequest.h"
#include "common/Error.h"
#include "corpus/Import.h"

dl::Expected<QList<CorpusSummary>> readCorpusSummaries(const QString& projectPath);

// Maps the dialog's request onto the core import parameters.
dl::ImportParams toImportParams(const ImportRequest& request);
