#pragma once
// The Mixture tab's read (issue #24 item 7): a mixture kit's folder (mixture.json), a `mixture
// train` output folder (train.json, mdac.json; its kit's mixture.json when that is still where
// the report says), or a lambda trajectory file (a schedule, an MDAC state, a training report,
// an external trainer's JSONL log: core/mixture/LambdaTrajectory.h) as plain view data. Every
// file is untrusted: sizes are capped, a malformed file is an error naming it (and its line).
// Reads files only: run it off the GUI thread.
#include <QString>

#include "MixtureViewData.h"
#include "common/Error.h"
#include "jobs/Progress.h"

dl::Expected<MixtureViewData> readMixtureView(const QString& path, const dl::CancelToken& cancel);
