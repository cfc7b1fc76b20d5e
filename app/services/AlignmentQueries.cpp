#include "AlignmentQueries.h"

#include <QCoreApplication>
#include <QLocale>

#include "runs/RunBlobs.h"
#include "runs/SelectSummary.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace {

QVector<QPointF> points(const std::vector<float>& xy, std::size_t from, std::size_t count) {
    QVector<QPointF> out;
    for (std::size_t i = from; i < from + count; ++i) out.append(QPointF(xy[2 * i], xy[2 * i + 1]));
    return out;
}

}  // namespace

dl::Expected<AlignmentData> readAlignmentView(const QString& projectPath, qint64 runId) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto run = dl::getRun(**store, runId);
    if (!run) return std::unexpected(run.error());
    auto summary = dl::SelectSummary::fromJson(run->summary, runId);
    if (!summary) return std::unexpected(summary.error());
    if (summary->method != "cross-lingual" || !summary->alignment)
        return dl::fail(QCoreApplication::translate("AlignmentView",
                                                    "Run #%1 is not a cross-lingual selection run with a stored "
                                                    "alignment sample (run it again to get one).")
                            .arg(runId)
                            .toStdString());
    auto ids = dl::getRunArray<std::int64_t>(**store, runId, dl::blobs::kAlignmentPairIds);
    auto before = dl::getRunArray<float>(**store, runId, dl::blobs::kAlignmentBefore);
    auto after = dl::getRunArray<float>(**store, runId, dl::blobs::kAlignmentAfter);
    if (!ids) return std::unexpected(ids.error());
    if (!before) return std::unexpected(before.error());
    if (!after) return std::unexpected(after.error());
    const std::size_t m = ids->size();
    if (before->size() != 4 * m || after->size() != 4 * m)
        return dl::fail(dl::ErrorCode::StoredDataInvalid, {std::to_string(runId), "alignment_before/after"},
                        "The stored alignment sample of run " + std::to_string(runId) + " is damaged.");
    const dl::CrossLingualAlignment& al = *summary->alignment;
    const std::vector<std::string>& languages = al.languages;
    AlignmentData d;
    d.languageA = QString::fromStdString(languages.size() > 0 ? languages[0] : std::string());
    d.languageB = QString::fromStdString(languages.size() > 1 ? languages[1] : std::string());
    d.beforeA = points(*before, 0, m), d.beforeB = points(*before, m, m);
    d.afterA = points(*after, 0, m), d.afterB = points(*after, m, m);
    auto sentences = dl::sentencesById(**store, *ids);
    if (!sentences) return std::unexpected(sentences.error());
    auto corpus = dl::findCorpus(**store, summary->parallel.value_or(""));
    // Side A is the seed's language: the target side when the parallel corpus runs B -> A.
    const bool swapped = corpus && d.languageA.toStdString() == corpus->tgtLang && corpus->tgtLang != corpus->srcLang;
    for (const auto& s : *sentences) {
        d.textsA.append(QString::fromStdString(swapped ? s.tgt : s.src));
        d.textsB.append(QString::fromStdString(swapped ? s.src : s.tgt));
    }
    const QLocale locale;
    d.title = QCoreApplication::translate(
                  "AlignmentView",
                  "Run #%1: %2 held-out translation pairs, one PCA per panel. Mean cosine of a sentence and its "
                  "translation: %3 before, %4 after the adaptive layer (Vu et al. 2021, Figs. 3-4).")
                  .arg(runId)
                  .arg(m)
                  .arg(locale.toString(al.pairCosineBefore, 'f', 3), locale.toString(al.pairCosineAfter, 'f', 3));
    return d;
}
