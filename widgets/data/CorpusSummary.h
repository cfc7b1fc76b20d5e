#pragma once
// Plain data the corpus views show; filled by app/ from the project, by tests synthetically.
#include <QList>
#include <QString>

struct DomainSummary {
    QString name;  // empty = unlabelled
    qint64 sentences = 0;
};

struct CorpusSummary {
    QString name;
    QString srcLang;
    QString tgtLang;
    qint64 sentences = 0;
    bool parallel = false;
    qint64 encoded = 0;  // sentences with embeddings in the most complete set
    QList<DomainSummary> domains;
};
