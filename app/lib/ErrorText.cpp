#include "ErrorText.h"

#include <QCoreApplication>

// QCoreApplication::translate with the context "DomainLensError" (lupdate collects these calls).
QString errorText(const dl::Error& error) {
    using dl::ErrorCode;
    auto arg = [&](std::size_t i) { return i < error.args.size() ? QString::fromStdString(error.args[i]) : QString(); };
    switch (error.code) {
    case ErrorCode::Generic: break;
    case ErrorCode::Cancelled: return QCoreApplication::translate("DomainLensError", "Cancelled by the user.");
    case ErrorCode::OutOfMemory: return QCoreApplication::translate("DomainLensError", "Out of memory; the unfinished step changed nothing.");
    case ErrorCode::Internal: return QCoreApplication::translate("DomainLensError", "Internal error: %1").arg(arg(0));
    case ErrorCode::ProjectMissing: return QCoreApplication::translate("DomainLensError", "The project %1 does not exist.").arg(arg(0));
    case ErrorCode::ProjectIsFolder: return QCoreApplication::translate("DomainLensError", "%1 is a folder, not a project file.").arg(arg(0));
    case ErrorCode::NotAProject: return QCoreApplication::translate("DomainLensError", "The file %1 is not a DomainLens project.").arg(arg(0));
    case ErrorCode::ProjectTooNew:
        return QCoreApplication::translate("DomainLensError", "The project %1 was written by a newer DomainLens (schema %2; this version reads up to schema %3). "
                  "Please update DomainLens.").arg(arg(0), arg(1), arg(2));
    case ErrorCode::ProjectLocked: return QCoreApplication::translate("DomainLensError", "The project %1 is locked by another program; try again when it has finished.").arg(arg(0));
    case ErrorCode::ProjectReadOnly: return QCoreApplication::translate("DomainLensError", "The project %1 is read-only; nothing was changed.").arg(arg(0));
    case ErrorCode::DiskFull: return QCoreApplication::translate("DomainLensError", "Disk full while writing %1 (no space left, or the file-size limit reached); nothing was changed.").arg(arg(0));
    case ErrorCode::Database: return QCoreApplication::translate("DomainLensError", "Database error in the project %1: %2").arg(arg(0), arg(1));
    case ErrorCode::UpgradeReadOnly:
        return QCoreApplication::translate("DomainLensError", "The project %1 uses schema %2 and must be upgraded to schema %3, but the file is read-only. "
                  "Copy it to a writable folder and open the copy.").arg(arg(0), arg(1), arg(2));
    case ErrorCode::UpgradeFailed:
        return QCoreApplication::translate("DomainLensError", "Upgrading the project %1 to schema %2 failed (%3). The project is unchanged; a backup is at %4.")
            .arg(arg(0), arg(1), arg(2), arg(3));
    case ErrorCode::UnknownCorpus: return QCoreApplication::translate("DomainLensError", "There is no corpus named '%1' (corpora: %2).").arg(arg(0), arg(1));
    case ErrorCode::UnknownRun: return QCoreApplication::translate("DomainLensError", "There is no run %1 in the project.").arg(arg(0));
    case ErrorCode::UnknownMethod: return QCoreApplication::translate("DomainLensError", "Unknown selection method '%1'.").arg(arg(0));
    case ErrorCode::UnknownOption: return QCoreApplication::translate("DomainLensError", "Unknown %1 '%2' (choose %3).").arg(arg(0), arg(1), arg(2));
    case ErrorCode::InvalidUtf8:
        return QCoreApplication::translate("DomainLensError", "%1: invalid UTF-8 at byte %2 (allow replacing invalid bytes to import it anyway).").arg(arg(0), arg(1));
    case ErrorCode::FileExists: return QCoreApplication::translate("DomainLensError", "The file %1 already exists.").arg(arg(0));
    }
    return QString::fromStdString(error.message);
}
