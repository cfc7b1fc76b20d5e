#pragma once
// How a job ended, as JobRunner reports it (jobFinished) and JobsPanel shows it. A cancelled
// job is not a failure: it stopped at the user's request and left the project unchanged.
// (JobOutcome in app/services/JobFactory.h is something else: the summary a finished job leaves.)
#include <QMetaType>

enum class JobOutcomeKind {
    Succeeded,
    Failed,     // the message says why
    Cancelled,  // by the user, before or while it ran
};
Q_DECLARE_METATYPE(JobOutcomeKind)
