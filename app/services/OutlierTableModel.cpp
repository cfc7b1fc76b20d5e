#include "OutlierTableModel.h"

#include <QLocale>
#include <QSaveFile>
#include <QTimer>

#include <mutex>

#include "AsyncService.h"
#include "DisplayText.h"
#include "ErrorText.h"
#include "TableExport.h"
#include "runs/ClusterSummary.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace {
constexpr int kMaxCachedPages = 16;
constexpr qsizetype kCsvChunk = 4096;  // rows per read while saving CSV

QString rowField(const OutlierRow& r, int column) {
    switch (column) {
    case OutlierTableModel::SentenceColumn: return r.text;
    case OutlierTableModel::DomainColumn: return r.domain;
    case OutlierTableModel::ClusterColumn: return QString::number(r.cluster);
    case OutlierTableModel::MappedColumn: return r.mapped;
    case OutlierTableModel::ProbabilityColumn: return QString::number(r.prob, 'f', 3);
    case OutlierTableModel::LengthColumn: return QString::number(r.tokens);
    default: return {};
    }
}
}  // namespace

struct OutlierTableModel::Connection {
    std::mutex lock;  // held by the one task using `store`
    std::unique_ptr<dl::Store> store;
};

OutlierTableModel::OutlierTableModel(AsyncService& async, QObject* parent)
    : QAbstractTableModel(parent), async_(async), fetchTimer_(new QTimer(this)) {
    // Coalesces the page requests of one paint into one round of reads.
    fetchTimer_->setSingleShot(true);
    fetchTimer_->setInterval(0);
    connect(fetchTimer_, &QTimer::timeout, this, &OutlierTableModel::fetchWantedPages);
}

// The service cancels this model's reads when it goes (and drops their results); the tasks
// share the connection, so it lives until the last of them is done.
OutlierTableModel::~OutlierTableModel() = default;

bool OutlierTableModel::setRun(const QString& projectPath, qint64 runId, QString* error) {
    auto fail = [&](const QString& message) {
        if (error) *error = message;
        return false;
    };
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return fail(errorText(store.error()));
    auto run = dl::getRun(**store, runId);
    if (!run) return fail(errorText(run.error()));
    if (run->kind != dl::RunKind::Cluster) return fail(tr("Run %1 is not a clustering run.").arg(runId));
    auto summary = dl::ClusterSummary::fromJson(run->summary, runId);
    if (!summary) return fail(errorText(summary.error()));
    QStringList domains;
    for (const auto& d : summary->domains) domains << QString::fromStdString(d);
    const QVector<int> majority(summary->majority.begin(), summary->majority.end());
    connection_ = std::make_shared<Connection>();
    connection_->store = std::move(*store);
    domainNames_ = domains;
    query_.runId = runId;
    query_.k = summary->k;
    query_.mappedCase = OutlierQuery::mappedCaseFor(majority, domains);
    requestSnapshot();
    return true;
}

void OutlierTableModel::setFilter(const OutlierFilter& filter) {
    query_.filter = filter;
    requestSnapshot();
}

void OutlierTableModel::sort(int column, Qt::SortOrder order) {
    if (column < 0 || column >= ColumnCount) return;
    query_.sortKey = column;  // columns and sort keys share their order
    query_.order = order;
    requestSnapshot();
}

void OutlierTableModel::requestSnapshot() {
    if (!connection_) return;
    requested_ = async_.load<QVector<qint64>>(
        this, QStringLiteral("snapshot"),
        [connection = connection_, query = query_](const dl::CancelToken& cancel) -> dl::Expected<QVector<qint64>> {
            std::lock_guard hold(connection->lock);
            if (cancel.isCancelled()) return dl::cancelled();  // superseded while waiting: skip the scan
            return readOutlierIds(*connection->store, query, cancel);
        },
        [this](QVector<qint64> ids) {  // only the latest request's snapshot arrives here
            for (int page : std::as_const(inFlight_)) async_.invalidate(this, pageChannel(page));
            beginResetModel();
            ids_ = std::move(ids);
            shown_ = requested_;
            pages_.clear();
            pageOrder_.clear();
            wanted_.clear();
            inFlight_.clear();
            endResetModel();
            emit countChanged(int(ids_.size()));
        },
        [this](const QString& message) { emit loadFailed(message); });
}

QString OutlierTableModel::pageChannel(int page) { return QStringLiteral("page %1").arg(page); }

void OutlierTableModel::fetchWantedPages() {
    for (int page : std::as_const(wanted_)) {
        if (inFlight_.contains(page) || pages_.contains(page)) continue;
        const qsizetype from = qsizetype(page) * kPageSize;
        if (from >= ids_.size()) continue;
        inFlight_.insert(page);
        async_.load<QVector<OutlierRow>>(
            this, pageChannel(page),
            [connection = connection_, query = query_,
             ids = ids_.mid(from, std::min<qsizetype>(kPageSize, ids_.size() - from))](
                const dl::CancelToken& cancel) -> dl::Expected<QVector<OutlierRow>> {
                std::lock_guard hold(connection->lock);
                return readOutlierRows(*connection->store, query, ids, cancel);
            },
            [this, snapshot = shown_, page](QVector<OutlierRow> rows) { applyPage(snapshot, page, std::move(rows)); },
            [this, page](const QString& message) {
                inFlight_.remove(page);
                emit loadFailed(message);
            });
    }
    wanted_.clear();
}

void OutlierTableModel::applyPage(quint64 snapshot, int page, QVector<OutlierRow> rows) {
    if (snapshot != shown_) return;  // the rows belong to a snapshot no longer shown
    inFlight_.remove(page);
    if (pages_.size() >= kMaxCachedPages && !pageOrder_.isEmpty()) pages_.remove(pageOrder_.takeFirst());
    pages_.insert(page, std::move(rows));
    pageOrder_.append(page);
    const int first = page * kPageSize;
    const int last = std::min<int>(int(ids_.size()), first + kPageSize) - 1;
    if (last >= first) emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

const OutlierRow* OutlierTableModel::cachedRow(int row) const {
    const int page = row / kPageSize;
    auto it = pages_.constFind(page);
    if (it == pages_.constEnd()) {
        wanted_.insert(page);
        fetchTimer_->start();
        return nullptr;
    }
    const int offset = row - page * kPageSize;
    return offset < it->size() ? &(*it)[offset] : nullptr;
}

bool OutlierTableModel::rowLoaded(int row) const {
    const auto it = pages_.constFind(row / kPageSize);
    return it != pages_.constEnd() && row % kPageSize < it->size();
}

int OutlierTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(ids_.size()); }
int OutlierTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant OutlierTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    if (role == Qt::SizeHintRole) return {};  // views ask while laying out: never fetch for it
    if (role == Qt::TextAlignmentRole)
        return index.column() >= ProbabilityColumn || index.column() == ClusterColumn
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != SentenceIdRole && role != SentenceTextRole)
        return {};
    if (role == SentenceIdRole && index.row() < ids_.size()) return ids_[index.row()];  // known without a read
    const OutlierRow* r = cachedRow(index.row());
    if (!r) return index.column() == SentenceColumn && role == Qt::DisplayRole ? QVariant(tr("Loading…")) : QVariant();
    if (role == SentenceTextRole) return r->text;
    switch (index.column()) {
    // A sentence or a domain label may be megabytes (a crafted project): bounded (DisplayText.h).
    case SentenceColumn: return role == Qt::ToolTipRole ? DisplayText::tooltip(r->text) : boundedForDisplay(r->text);
    case DomainColumn: return role == Qt::ToolTipRole ? DisplayText::tooltip(r->domain) : boundedForDisplay(r->domain);
    case ClusterColumn: return r->cluster;
    case MappedColumn: return role == Qt::ToolTipRole ? DisplayText::tooltip(r->mapped) : boundedForDisplay(r->mapped);
    case ProbabilityColumn: return QLocale().toString(r->prob, 'f', 3);
    case LengthColumn: return r->tokens;
    default: return {};
    }
}

QVariant OutlierTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
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

void OutlierTableModel::requestRowsText(const QList<int>& rows) {
    QVector<qint64> ids;
    for (int row : rows)
        if (row >= 0 && row < ids_.size()) ids << ids_[row];
    async_.load<QString>(
        this, QStringLiteral("rows text"),
        [connection = connection_, query = query_, ids]() -> dl::Expected<QString> {
            if (!connection) return QString();
            std::lock_guard hold(connection->lock);
            auto read = readOutlierRows(*connection->store, query, ids);
            if (!read) return std::unexpected(read.error());
            QStringList lines;
            for (const auto& r : *read) {
                QStringList fields;
                for (int c = 0; c < ColumnCount; ++c) fields << rowField(r, c);
                lines << fields.join(QLatin1Char('\t'));
            }
            return lines.join(QLatin1Char('\n'));
        },
        [this](QString text) { emit rowsTextReady(text); },
        [this](const QString& message) { emit loadFailed(message); });
}

void OutlierTableModel::saveCsv(const QString& path) {
    QStringList header;
    for (int c = 0; c < ColumnCount; ++c) header << TableExport::quote(headerData(c, Qt::Horizontal).toString());
    // A write, not a read: it is never superseded and finishes even if the model goes first.
    async_.write(
        this, QStringLiteral("outlier csv"),
        [connection = connection_, query = query_, ids = ids_, header, path]() -> dl::Status {
            const QString error = writeCsv(connection.get(), query, ids, header, path);
            if (!error.isEmpty()) return dl::fail(error.toStdString());
            return {};
        },
        [this, path] { emit csvSaved(path, QString()); },
        [this, path](const QString& message) { emit csvSaved(path, message); });
}

QString OutlierTableModel::writeCsv(Connection* connection, const OutlierQuery& query, const QVector<qint64>& ids,
                                    const QStringList& header, const QString& path) {
    if (!connection) return tr("No clustering run is shown.");
    QSaveFile file(path);  // written to a temporary name, renamed into place on commit
    if (!file.open(QIODevice::WriteOnly)) return tr("Cannot write %1: %2").arg(path, file.errorString());
    file.write((header.join(QLatin1Char(',')) + QStringLiteral("\r\n")).toUtf8());
    for (qsizetype from = 0; from < ids.size(); from += kCsvChunk) {
        dl::Expected<QVector<OutlierRow>> rows;
        {
            std::lock_guard hold(connection->lock);  // per chunk: page reads go on meanwhile
            rows = readOutlierRows(*connection->store, query, ids.mid(from, kCsvChunk));
        }
        if (!rows) return errorText(rows.error());
        QString chunk;
        for (const auto& r : *rows) {
            QStringList fields;
            for (int c = 0; c < ColumnCount; ++c) fields << TableExport::quote(rowField(r, c));
            chunk += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
        }
        if (file.write(chunk.toUtf8()) < 0) return tr("Cannot write %1: %2").arg(path, file.errorString());
    }
    if (!file.commit()) return tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}
