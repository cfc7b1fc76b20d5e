#pragma once
// The alignment view's data from a cross-lingual selection run (any thread; own read-only
// connection): the stored held-out pairs before/after the adaptive layer and their sentences.
#include <QString>

#include "AlignmentData.h"
#include "common/Error.h"

// Fails with a message when the run is not a cross-lingual run or predates the stored sample.
dl::Expected<AlignmentData> readAlignmentView(const QString& projectPath, qint64 runId);
