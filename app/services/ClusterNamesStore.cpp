#include "ClusterNamesStore.h"

#include <QFile>

#include "store/Store.h"

namespace {
constexpr int kTermsKept = 10;  // distinctive words stored per cluster
}

std::unordered_set<std::string> stopWordsFor(const QString& language) {
    QFile file(QStringLiteral(":/stopwords/%1.txt")
                   .arg(language.section(QLatin1Char('_'), 0, 0).section(QLatin1Char('-'), 0, 0).toLower()));
    if (!file.open(QIODevice::ReadOnly)) return {};
    return dl::parseStopWords(file.readAll().toStdString());
}

dl::Expected<dl::ClusterNames> readRunClusterNames(const QString& projectPath, qint64 runId) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    return dl::readClusterNames(**store, runId);
}

dl::Status writeClusterNames(const QString& projectPath, qint64 runId, const QMap<int, QString>& names) {
    auto store = dl::Store::open(projectPath.toStdString());
    if (!store) return std::unexpected(store.error());
    auto tx = (*store)->begin();
    if (!tx) return std::unexpected(tx.error());
    for (auto it = names.begin(); it != names.end(); ++it)
        if (auto s = dl::setClusterName(**store, runId, it.key(), it.value().toStdString()); !s) return s;
    return tx->commit();
}

std::function<dl::Status(dl::ProgressSink&, const dl::CancelToken&)> makeNameClustersJob(const QString& projectPath,
                                                                                         qint64 runId) {
    return [projectPath, runId](dl::ProgressSink& progress, const dl::CancelToken& cancel) -> dl::Status {
        auto store = dl::Store::open(projectPath.toStdString());
        if (!store) return std::unexpected(store.error());
        auto language = dl::runLanguage(**store, runId);
        if (!language) return std::unexpected(language.error());
        const auto stop = stopWordsFor(QString::fromStdString(*language));
        if (stop.empty())
            progress.info("No stop-word list for language '" + *language +
                          "': cluster words may include function words.");
        auto names = dl::nameClusters(**store, runId, stop, kTermsKept, progress, cancel);
        if (!names) return std::unexpected(names.error());
        return {};
    };
}
