#include "ProjectQueries.h"

#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Store.h"

dl::Expected<QList<CorpusSummary>> readCorpusSummaries(const QString& projectPath) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto corpora = dl::listCorpora(**store);
    if (!corpora) return std::unexpected(corpora.error());
    auto sets = dl::listEmbeddingSets(**store);
    if (!sets) return std::unexpected(sets.error());
    QList<CorpusSummary> out;
    for (const auto& c : *corpora) {
        CorpusSummary s;
        s.name = QString::fromStdString(c.name);
        s.srcLang = QString::fromStdString(c.srcLang);
        s.tgtLang = QString::fromStdString(c.tgtLang);
        s.sentences = c.sentences;
        s.parallel = c.parallel;
        for (const auto& set : *sets)
            if (auto n = dl::encodedCount(**store, set.id, c.id)) s.encoded = std::max<qint64>(s.encoded, *n);
        for (const auto& d : c.domains) s.domains.append({QString::fromStdString(d.domain), d.sentences});
        out.append(std::move(s));
    }
    return out;
}

dl::ImportParams toImportParams(const ImportRequest& r) {
    dl::ImportParams p;
    p.srcPath = r.srcPath.toStdString();
    p.tgtPath = r.tgtPath.toStdString();
    p.corpus = r.corpus.toStdString();
    p.format = r.format == ImportRequest::Format::Tsv     ? dl::CorpusFormat::Tsv
               : r.format == ImportRequest::Format::Jsonl ? dl::CorpusFormat::Jsonl
                                                          : dl::CorpusFormat::Plain;
    switch (r.label) {
    case ImportRequest::Label::None: p.labelSource = dl::LabelSource::None; break;
    case ImportRequest::Label::Given: p.labelSource = dl::LabelSource::Given; break;
    case ImportRequest::Label::FromFilename: p.labelSource = dl::LabelSource::FromFilename; break;
    case ImportRequest::Label::FromColumn: p.labelSource = dl::LabelSource::FromColumn; break;
    }
    p.domain = r.domain.toStdString();
    p.srcLang = r.srcLang.toStdString();
    p.tgtLang = r.tgtLang.toStdString();
    for (const auto& c : r.tsvColumns) p.tsvColumns.push_back(c.toStdString());
    p.srcField = r.srcField.toStdString();
    p.tgtField = r.tgtField.toStdString();
    p.domainField = r.domainField.toStdString();
    p.replaceInvalidUtf8 = r.replaceInvalid;
    p.dedupe = r.dedupe;
    return p;
}
