#include "ErrorText.h"

#include <QCoreApplication>

// QCoreApplication::translate with the context "DomainLensError" (lupdate collects these calls).
QString errorText(const dl::Error& error) {
    using dl::ErrorCode;
    auto arg = [&](std::size_t i) { return i < error.args.size() ? QString::fromStdString(error.args[i]) : QString(); };
    switch (error.code) {
    case ErrorCode::Generic: break;
    case ErrorCode::Cancelled: return QCoreApplication::translate("DomainLensError", "Cancelled by the user.");
    case ErrorCode::OutOfMemory:
        return QCoreApplication::translate("DomainLensError", "Out of memory; the unfinished step changed nothing.");
    case ErrorCode::Internal: return QCoreApplication::translate("DomainLensError", "Internal error: %1").arg(arg(0));
    case ErrorCode::ProjectMissing:
        return QCoreApplication::translate("DomainLensError", "The project %1 does not exist.").arg(arg(0));
    case ErrorCode::ProjectIsFolder:
        return QCoreApplication::translate("DomainLensError", "%1 is a folder, not a project file.").arg(arg(0));
    case ErrorCode::NotAProject:
        return QCoreApplication::translate("DomainLensError", "The file %1 is not a DomainLens project.").arg(arg(0));
    case ErrorCode::ProjectTooNew:
        return QCoreApplication::translate(
                   "DomainLensError",
                   "The project %1 was written by a newer DomainLens (schema %2; this version reads up to schema %3). "
                   "Please update DomainLens.")
            .arg(arg(0), arg(1), arg(2));
    case ErrorCode::ProjectLocked:
        return QCoreApplication::translate(
                   "DomainLensError", "The project %1 is locked by another program; try again when it has finished.")
            .arg(arg(0));
    case ErrorCode::ProjectReadOnly:
        return QCoreApplication::translate("DomainLensError", "The project %1 is read-only; nothing was changed.")
            .arg(arg(0));
    case ErrorCode::DiskFull:
        return QCoreApplication::translate(
                   "DomainLensError",
                   "Disk full while writing %1 (no space left, or the file-size limit reached); nothing was changed.")
            .arg(arg(0));
    case ErrorCode::Database:
        return QCoreApplication::translate("DomainLensError", "Database error in the project %1: %2")
            .arg(arg(0), arg(1));
    case ErrorCode::UpgradeReadOnly:
        return QCoreApplication::translate(
                   "DomainLensError",
                   "The project %1 uses schema %2 and must be upgraded to schema %3, but the file is read-only. "
                   "Copy it to a writable folder and open the copy.")
            .arg(arg(0), arg(1), arg(2));
    case ErrorCode::UpgradeFailed:
        return QCoreApplication::translate(
                   "DomainLensError",
                   "Upgrading the project %1 to schema %2 failed (%3). The project is unchanged; a backup is at %4.")
            .arg(arg(0), arg(1), arg(2), arg(3));
    case ErrorCode::UnknownCorpus:
        return QCoreApplication::translate("DomainLensError", "There is no corpus named '%1' (corpora: %2).")
            .arg(arg(0), arg(1));
    case ErrorCode::UnknownRun:
        return QCoreApplication::translate("DomainLensError", "There is no run %1 in the project.").arg(arg(0));
    case ErrorCode::UnknownMethod:
        return QCoreApplication::translate("DomainLensError", "Unknown selection method '%1'.").arg(arg(0));
    case ErrorCode::UnknownOption:
        return QCoreApplication::translate("DomainLensError", "Unknown %1 '%2' (choose %3).")
            .arg(arg(0), arg(1), arg(2));
    case ErrorCode::InvalidUtf8:
        return QCoreApplication::translate(
                   "DomainLensError",
                   "%1: invalid UTF-8 at byte %2 (allow replacing invalid bytes to import it anyway).")
            .arg(arg(0), arg(1));
    case ErrorCode::FileExists:
        return QCoreApplication::translate("DomainLensError", "The file %1 already exists.").arg(arg(0));
    case ErrorCode::ModelNotFound:
        return QCoreApplication::translate("DomainLensError",
                                           "The model of the embedding set (%1) is not where it was encoded (%2); "
                                           "encode the corpus again with it.")
            .arg(arg(0), arg(1).isEmpty() ? QCoreApplication::translate("DomainLensError", "unknown") : arg(1));
    case ErrorCode::ModelUnrecorded:
        return QCoreApplication::translate(
            "DomainLensError",
            "The embedding set does not record its model's content (an old project): encode the corpus again.");
    case ErrorCode::ModelChanged:
        return QCoreApplication::translate(
                   "DomainLensError",
                   "The model at %1 has changed since the corpus was encoded: its vectors would not be comparable.")
            .arg(arg(0));
    case ErrorCode::PrecisionMismatch:
        return QCoreApplication::translate(
                   "DomainLensError",
                   "The corpus was encoded in %1; this machine computes %2: the vectors would not be comparable.")
            .arg(arg(0), arg(1));
    case ErrorCode::DimensionMismatch:
        return QCoreApplication::translate("DomainLensError",
                                           "The model gives %1-dimensional vectors; the stored ones have %2.")
            .arg(arg(0), arg(1));
    case ErrorCode::NotClusterRun:
        return QCoreApplication::translate("DomainLensError", "Run %1 is a %2 run, not a clustering run.")
            .arg(arg(0), arg(1));
    case ErrorCode::NothingEncoded:
        return QCoreApplication::translate("DomainLensError",
                                           "Nothing of this corpus is encoded with %1 yet: encode it first.")
            .arg(arg(0));
    case ErrorCode::DamagedEmbeddings:
        return QCoreApplication::translate("DomainLensError",
                                           "The project %1 has damaged or missing embedding rows at position %2.")
            .arg(arg(0), arg(1));
    case ErrorCode::StoredDataInvalid:
        return QCoreApplication::translate("DomainLensError", "The stored data '%2' of run %1 are damaged.")
            .arg(arg(0), arg(1));
    case ErrorCode::NoSuchCluster:
        return QCoreApplication::translate("DomainLensError", "Run %1 has no cluster %2.").arg(arg(0), arg(1));
    case ErrorCode::EmptyQuery:
        return QCoreApplication::translate("DomainLensError", "Type a sentence or a word to search for.");
    case ErrorCode::TextIndexStale:
        return QCoreApplication::translate(
            "DomainLensError", "The full-text index is not up to date; it is brought up to date before a search.");
    case ErrorCode::ClusterModelMissing:
        return QCoreApplication::translate(
                   "DomainLensError",
                   "Clustering run %1 has no stored model (it was made before models were stored with runs): "
                   "cluster again to place new sentences on its map or apply it.")
            .arg(arg(0));
    case ErrorCode::ClusterModelTooNew:
        return QCoreApplication::translate("DomainLensError",
                                           "Clustering run %1 stores a model written by a newer DomainLens.")
            .arg(arg(0));
    }
    return QString::fromStdString(error.message);
}
