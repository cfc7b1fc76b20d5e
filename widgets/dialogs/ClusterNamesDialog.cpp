#include "ClusterNamesDialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

ClusterNamesDialog::ClusterNamesDialog(const QStringList& words, const QStringList& names, QWidget* parent)
    : QDialog(parent), original_(names) {
    setWindowTitle(tr("Cluster names"));
    table_ = new QTableWidget(int(words.size()), 3, this);
    table_->setHorizontalHeaderLabels({tr("Cluster"), tr("Most distinctive words (c-TF-IDF)"), tr("Name")});
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    table_->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    for (int c = 0; c < words.size(); ++c) {
        auto* id = new QTableWidgetItem(QStringLiteral("c%1").arg(c));
        id->setFlags(id->flags() & ~Qt::ItemIsEditable);
        auto* w = new QTableWidgetItem(words[c]);
        w->setFlags(w->flags() & ~Qt::ItemIsEditable);
        w->setToolTip(words[c]);
        table_->setItem(c, 0, id);
        table_->setItem(c, 1, w);
        table_->setItem(c, 2, new QTableWidgetItem(names.value(c)));
    }
    while (original_.size() < words.size()) original_ << QString();
    auto* hint = new QLabel(
        tr("Type a name to use it on the map and in the confusion matrix; leave it empty to show the words."), this);
    hint->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(hint);
    layout->addWidget(table_, 1);
    layout->addWidget(buttons);
    resize(720, 420);
}

QMap<int, QString> ClusterNamesDialog::changedNames() const {
    QMap<int, QString> out;
    for (int c = 0; c < table_->rowCount(); ++c) {
        const QString name = table_->item(c, 2)->text().trimmed();
        if (name != original_.value(c)) out.insert(c, name);
    }
    return out;
}
