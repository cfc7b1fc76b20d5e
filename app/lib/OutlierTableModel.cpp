#include "OutlierTableModel.h"

#include <QLocale>

#include "store/Runs.h"
#include "store/Statement.h"
#include "store/Store.h"

namespace {
constexpr int kMaxCachedPages = 16;

QString sqlQuote(const QString& s) {
    QString q = s;
    q.replace(QLatin1Char('\''), QStringLiteral("''"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}
}  // namespace

OutlierTableModel::OutlierTableModel(QObject* parent) : QAbstractTableModel(parent) {}
OutlierTableModel::~OutlierTableModel() = default;

bool OutlierTableModel::setRun(const QString& projectPath, qint64 runId, QString* error) {
    auto fail = [&](const std::string& message) {
        if (error) *error = QString::fromStdString(message);
        return false;
    };
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return fail(store.error().message);
    auto run = dl::getRun(**store, runId);
    if (!run) return fail(run.error().message);
    if (run->kind != "cluster") return fail("Run " + std::to_string(runId) + " is not a clustering run.");
    QStringList domains;
    for (const auto& d : run->summary.value("domains", nlohmann::json::array())) domains << QString::fromStdString(d.get<std::string>());
    QVector<int> majority;
    for (const auto& m : run->summary.value("majority", nlohmann::json::array())) majority << m.get<int>();
    beginResetModel();
    store_ = std::move(*store);
    runId_ = runId;
    domainNames_ = domains;
    majority_ = majority;
    mappedCase_ = QStringLiteral("CASE r.label");
    for (int c = 0; c < majority_.size(); ++c)
        if (majority_[c] >= 0 && majority_[c] < domainNames_.size())
            mappedCase_ += QStringLiteral(" WHEN %1 THEN %2").arg(c).arg(sqlQuote(domainNames_[majority_[c]]));
    mappedCase_ += QStringLiteral(" ELSE '' END");
    endResetModel();
    reload();
    return true;
}

void OutlierTableModel::setFilter(const OutlierFilter& filter) {
    filter_ = filter;
    reload();
}

QString OutlierTableModel::whereClause() const {
    QStringList w{QStringLiteral("r.run_id = %1").arg(runId_)};
    if (!filter_.fromDomain.isEmpty()) w << QStringLiteral("s.domain = %1").arg(sqlQuote(filter_.fromDomain));
    if (!filter_.toDomain.isEmpty()) w << QStringLiteral("(%1) = %2").arg(mappedCase_, sqlQuote(filter_.toDomain));
    if (filter_.outliersOnly) w << QStringLiteral("s.domain <> '' AND s.domain <> (%1)").arg(mappedCase_);
    if (filter_.digits == 1) w << QStringLiteral("s.src GLOB '*[0-9]*'");
    if (filter_.digits == 0) w << QStringLiteral("s.src NOT GLOB '*[0-9]*'");
    if (filter_.minTokens > 0) w << QStringLiteral("s.src_tokens >= %1").arg(filter_.minTokens);
    if (filter_.maxTokens > 0) w << QStringLiteral("s.src_tokens <= %1").arg(filter_.maxTokens);
    if (filter_.cluster >= 0) w << QStringLiteral("r.label = %1").arg(filter_.cluster);
    if (!filter_.text.isEmpty()) {
        QString like = filter_.text;
        like.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('%'), QStringLiteral("\\%")).replace(QLatin1Char('_'), QStringLiteral("\\_"));
        w << QStringLiteral("s.src LIKE %1 ESCAPE '\\'").arg(sqlQuote(QLatin1Char('%') + like + QLatin1Char('%')));
    }
    return w.join(QStringLiteral(" AND "));
}

void OutlierTableModel::reload() {
    beginResetModel();
    pages_.clear();
    pageOrder_.clear();
    rowCount_ = 0;
    if (store_) {
        auto q = store_->prepare(QStringLiteral("SELECT COUNT(*) FROM run_results r JOIN sentences s ON s.id = r.sentence_id WHERE %1")
                                     .arg(whereClause()).toStdString());
        if (q && q->step().value_or(false)) rowCount_ = static_cast<int>(q->int64(0));
    }
    endResetModel();
}

const OutlierTableModel::Row* OutlierTableModel::rowAt(int row) const {
    const int page = row / kPageSize;
    auto it = pages_.find(page);
    if (it == pages_.end()) {
        static const char* orderBy[] = {"s.src", "s.domain", "r.label", "mapped", "r.prob", "s.src_tokens"};
        const QString sql = QStringLiteral(
                                "SELECT s.id, s.src, s.domain, r.label, %1 AS mapped, r.prob, s.src_tokens "
                                "FROM run_results r JOIN sentences s ON s.id = r.sentence_id WHERE %2 "
                                "ORDER BY %3 %4, s.id LIMIT %5 OFFSET %6")
                                .arg(mappedCase_, whereClause(), QLatin1String(orderBy[sortColumn_]),
                                     sortOrder_ == Qt::AscendingOrder ? QStringLiteral("ASC") : QStringLiteral("DESC"))
                                .arg(kPageSize)
                                .arg(qint64(page) * kPageSize);
        QVector<Row> rows;
        auto q = store_->prepare(sql.toStdString());
        while (q && q->step().value_or(false))
            rows.push_back({q->int64(0), QString::fromUtf8(q->text(1).data(), qsizetype(q->text(1).size())),
                            QString::fromUtf8(q->text(2).data(), qsizetype(q->text(2).size())),
                            QString::fromUtf8(q->text(4).data(), qsizetype(q->text(4).size())), int(q->int64(3)), q->real(5),
                            int(q->int64(6))});
        if (pages_.size() >= kMaxCachedPages) pages_.remove(pageOrder_.takeFirst());
        it = pages_.insert(page, rows);
        pageOrder_.append(page);
    } else {
        pageOrder_.removeOne(page);
        pageOrder_.append(page);
    }
    const int offset = row - page * kPageSize;
    return offset < it->size() ? &(*it)[offset] : nullptr;
}

int OutlierTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : rowCount_; }
int OutlierTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant OutlierTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    if (role == Qt::SizeHintRole) return {};  // views ask while laying out: never fetch for it
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != SentenceIdRole && role != Qt::TextAlignmentRole) return {};
    const Row* r = rowAt(index.row());
    if (!r) return {};
    if (role == SentenceIdRole) return r->id;
    if (role == Qt::TextAlignmentRole)
        return index.column() >= ProbabilityColumn || index.column() == ClusterColumn ? int(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    switch (index.column()) {
    case SentenceColumn: return r->text;
    case DomainColumn: return r->domain;
    case ClusterColumn: return r->cluster;
    case MappedColumn: return r->mapped;
    case ProbabilityColumn: return QLocale().toString(r->prob, 'f', 3);
    case LengthColumn: return r->tokens;
    default: return {};
    }
}

QVariant OutlierTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SentenceColumn: return tr("Sentence");
    case DomainColumn: return tr("True domain");
    case ClusterColumn: return tr("Cluster");
    case MappedColumn: return tr("Cluster's domain");
    case ProbabilityColumn: return tr("Probability");
    case LengthColumn: return tr("Tokens");
    default: return {};
    }
}

void OutlierTableModel::sort(int column, Qt::SortOrder order) {
    if (column < 0 || column >= ColumnCount) return;
    sortColumn_ = column;
    sortOrder_ = order;
    beginResetModel();
    pages_.clear();
    pageOrder_.clear();
    endResetModel();
}

QString OutlierTableModel::rowsAsText(const QList<int>& rows) const {
    QStringList lines;
    for (int row : rows)
        if (const Row* r = rowAt(row))
            lines << QStringList{r->text, r->domain, QString::number(r->cluster), r->mapped, QString::number(r->prob, 'f', 3),
                                 QString::number(r->tokens)}
                         .join(QLatin1Char('\t'));
    return lines.join(QLatin1Char('\n'));
}
