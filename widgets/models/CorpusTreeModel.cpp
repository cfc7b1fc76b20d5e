#include "CorpusTreeModel.h"

#include "DisplayText.h"

#include <QLocale>

void CorpusTreeModel::setCorpora(QList<CorpusSummary> corpora) {
    beginResetModel();
    corpora_ = std::move(corpora);
    endResetModel();
}

QModelIndex CorpusTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent)) return {};
    if (!parent.isValid()) return createIndex(row, column, quintptr(0));
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex CorpusTreeModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == 0) return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int CorpusTreeModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return int(corpora_.size());
    if (parent.column() != 0 || parent.internalId() != 0) return 0;
    return int(corpora_[parent.row()].domains.size());
}

int CorpusTreeModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant CorpusTreeModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const bool isDomain = index.internalId() != 0;
    const auto& corpus = corpora_[isDomain ? int(index.internalId() - 1) : index.row()];
    if (role == CorpusNameRole) return corpus.name;
    if (role == DomainNameRole) return isDomain ? QVariant(corpus.domains[index.row()].name) : QVariant();
    if (role == Qt::TextAlignmentRole && index.column() != NameColumn && index.column() != LanguagesColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    const QLocale locale;
    // Names and languages come from the project: bounded, or the style shapes all of a 10 MB label.
    auto text = [&](const QString& s) {
        return role == Qt::ToolTipRole ? DisplayText::tooltip(s) : boundedForDisplay(s);
    };
    if (isDomain) {
        const auto& d = corpus.domains[index.row()];
        switch (index.column()) {
        case NameColumn: return d.name.isEmpty() ? tr("(unlabelled)") : text(d.name);
        case SentencesColumn: return locale.toString(d.sentences);
        case ShareColumn:
            return corpus.sentences ? locale.toString(100.0 * double(d.sentences) / double(corpus.sentences), 'f', 1) +
                                          QLatin1Char('%')
                                    : QString();
        default: return {};
        }
    }
    switch (index.column()) {
    case NameColumn: return text(corpus.name);
    case SentencesColumn: return locale.toString(corpus.sentences);
    case ShareColumn: return {};
    case LanguagesColumn:
        return text(corpus.parallel ? corpus.srcLang + QStringLiteral(" → ") + corpus.tgtLang : corpus.srcLang);
    case EncodedColumn:
        if (!corpus.encoded) return tr("not encoded");
        return corpus.encoded >= corpus.sentences
                   ? tr("encoded")
                   : tr("%1% encoded").arg(100 * corpus.encoded / qMax<qint64>(1, corpus.sentences));
    default: return {};
    }
}

QVariant CorpusTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn: return tr("Corpus / domain");
    case SentencesColumn: return tr("Sentences");
    case ShareColumn: return tr("Share");
    case LanguagesColumn: return tr("Languages");
    case EncodedColumn: return tr("Embeddings");
    default: return {};
    }
}
