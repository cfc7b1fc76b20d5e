#include "OutlierTableModel.h"

#include <QLocale>
#include <QSaveFile>
#include <QTimer>

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

OutlierTableModel::OutlierTableModel(QObject* parent) : QAbstractTableModel(parent), fetchTimer_(new QTimer(this)) {
    reader_.setMaxThreadCount(1);
    reader_.setObjectName(QStringLiteral("outlier reader"));
    // Coalesces the page requests of one paint into one round of reads.
    fetchTimer_->setSingleShot(true);
    fetchTimer_->setInterval(0);
    connect(fetchTimer_, &QTimer::timeout, this, &OutlierTableModel::fetchWantedPages);
}

OutlierTableModel::~OutlierTableModel() {
    latest_->store(~quint64(0));  // queued snapshots skip their query
    reader_.clear();
    reader_.waitForDone();
}

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
    store_ = std::shared_ptr<dl::Store>(std::move(*store));
    domainNames_ = domains;
    query_.runId = runId;
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
    if (!store_) return;
    const quint64 generation = ++requested_;
    latest_->store(generation);
    // `this` outlives every task (the destructor waits for the reader); a reply posted to it
    // after its destruction is dropped by Qt with the object.
    OutlierTableModel* self = this;
    reader_.start([self, store = store_, query = query_, generation, latest = latest_] {
        if (latest->load() != generation) return;  // superseded while queued: skip the scan
        auto ids = readOutlierIds(*store, query);
        QMetaObject::invokeMethod(self, [self, generation, ids = std::move(ids)]() mutable {
            if (generation != self->requested_) return;  // a newer request is pending
            if (!ids) {
                emit self->loadFailed(errorText(ids.error()));
                return;
            }
            self->beginResetModel();
            self->ids_ = std::move(*ids);
            self->shown_ = generation;
            self->pages_.clear();
            self->pageOrder_.clear();
            self->wanted_.clear();
            self->inFlight_.clear();
            self->endResetModel();
            emit self->countChanged(int(self->ids_.size()));
        });
    });
}

void OutlierTableModel::fetchWantedPages() {
    for (int page : std::as_const(wanted_)) {
        if (inFlight_.contains(page) || pages_.contains(page)) continue;
        const qsizetype from = qsizetype(page) * kPageSize;
        if (from >= ids_.size()) continue;
        inFlight_.insert(page);
        // `this` outlives every task (the destructor waits for the reader); a reply posted to it
    // after its destruction is dropped by Qt with the object.
    OutlierTableModel* self = this;
        reader_.start([self, store = store_, query = query_, snapshot = shown_, page,
                       ids = ids_.mid(from, std::min<qsizetype>(kPageSize, ids_.size() - from))] {
            auto rows = readOutlierRows(*store, query, ids);
            QMetaObject::invokeMethod(self, [self, snapshot, page, rows = std::move(rows)]() mutable {
                if (!rows) {
                    self->inFlight_.remove(page);
                    emit self->loadFailed(errorText(rows.error()));
                    return;
                }
                self->applyPage(snapshot, page, std::move(*rows));
            });
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
        return index.column() >= ProbabilityColumn || index.column() == ClusterColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != SentenceIdRole) return {};
    if (role == SentenceIdRole && index.row() < ids_.size()) return ids_[index.row()];  // known without a read
    const OutlierRow* r = cachedRow(index.row());
    if (!r) return index.column() == SentenceColumn && role == Qt::DisplayRole ? QVariant(tr("Loading…")) : QVariant();
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

void OutlierTableModel::requestRowsText(const QList<int>& rows) {
    QVector<qint64> ids;
    for (int row : rows)
        if (row >= 0 && row < ids_.size()) ids << ids_[row];
    // `this` outlives every task (the destructor waits for the reader); a reply posted to it
    // after its destruction is dropped by Qt with the object.
    OutlierTableModel* self = this;
    reader_.start([self, store = store_, query = query_, ids] {
        QString text;
        auto read = store ? readOutlierRows(*store, query, ids) : dl::Expected<QVector<OutlierRow>>{};
        if (read) {
            QStringList lines;
            for (const auto& r : *read) {
                QStringList fields;
                for (int c = 0; c < ColumnCount; ++c) fields << rowField(r, c);
                lines << fields.join(QLatin1Char('\t'));
            }
            text = lines.join(QLatin1Char('\n'));
        }
        QMetaObject::invokeMethod(self, [self, text, error = read ? QString() : errorText(read.error())] {
            if (!error.isEmpty()) emit self->loadFailed(error);
            else emit self->rowsTextReady(text);
        });
    });
}

void OutlierTableModel::saveCsv(const QString& path) {
    QStringList header;
    for (int c = 0; c < ColumnCount; ++c) header << TableExport::quote(headerData(c, Qt::Horizontal).toString());
    // `this` outlives every task (the destructor waits for the reader); a reply posted to it
    // after its destruction is dropped by Qt with the object.
    OutlierTableModel* self = this;
    reader_.start([self, store = store_, query = query_, ids = ids_, header, path] {
        QString error;
        QSaveFile file(path);  // written to a temporary name, renamed into place on commit
        if (!store) error = tr("No clustering run is shown.");
        else if (!file.open(QIODevice::WriteOnly)) error = tr("Cannot write %1: %2").arg(path, file.errorString());
        else {
            file.write((header.join(QLatin1Char(',')) + QStringLiteral("\r\n")).toUtf8());
            for (qsizetype from = 0; from < ids.size() && error.isEmpty(); from += kCsvChunk) {
                auto rows = readOutlierRows(*store, query, ids.mid(from, kCsvChunk));
                if (!rows) {
                    error = errorText(rows.error());
                    break;
                }
                QString chunk;
                for (const auto& r : *rows) {
                    QStringList fields;
                    for (int c = 0; c < ColumnCount; ++c) fields << TableExport::quote(rowField(r, c));
                    chunk += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
                }
                if (file.write(chunk.toUtf8()) < 0) error = tr("Cannot write %1: %2").arg(path, file.errorString());
            }
            if (error.isEmpty() && !file.commit()) error = tr("Cannot write %1: %2").arg(path, file.errorString());
        }
        QMetaObject::invokeMethod(self, [self, path, error] {
            emit self->csvSaved(path, error);
        });
    });
}
