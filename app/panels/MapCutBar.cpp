#include "MapCutBar.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>

#include <limits>

MapCutBar::MapCutBar(QWidget* parent) : QWidget(parent) {
    show_ = new QCheckBox(tr("Selection cut"), this);
    show_->setChecked(true);
    show_->setToolTip(tr("Show the selection run's top k on the map; the other sentences are faded."));
    slider_ = new QSlider(Qt::Horizontal, this);
    slider_->setMinimumWidth(160);
    box_ = new QSpinBox(this);
    box_->setPrefix(tr("k = "));
    box_->setMaximum(std::numeric_limits<int>::max());
    count_ = new QLabel(this);
    include_ = new QPushButton(tr("Include picked"), this);
    exclude_ = new QPushButton(tr("Exclude picked"), this);
    reset_ = new QPushButton(tr("Reset picked"), this);
    include_->setToolTip(tr("Keep the sentences picked on the map whatever their score (Ctrl+Z undoes)."));
    exclude_->setToolTip(tr("Drop the sentences picked on the map whatever their score (Ctrl+Z undoes)."));
    reset_->setToolTip(tr("Give the sentences picked on the map back to their score's verdict."));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QWidget* w : {static_cast<QWidget*>(show_), static_cast<QWidget*>(slider_), static_cast<QWidget*>(box_),
                       static_cast<QWidget*>(count_)})
        layout->addWidget(w);
    layout->addStretch(1);
    for (QWidget* w : {include_, exclude_, reset_}) layout->addWidget(w);

    connect(slider_, &QSlider::valueChanged, this, [this](int v) {
        {
            const QSignalBlocker block(box_);
            box_->setValue(v);
        }
        emit kChanged(v);
    });
    connect(box_, &QSpinBox::valueChanged, this, [this](int v) {
        {
            const QSignalBlocker block(slider_);
            slider_->setValue(v);
        }
        emit kChanged(v);
    });
    connect(show_, &QCheckBox::toggled, this, [this](bool on) {
        slider_->setEnabled(on && ranked_ > 0);
        box_->setEnabled(on && ranked_ > 0);
        emit shownToggled(on);
    });
    connect(include_, &QPushButton::clicked, this, [this] { emit decideRequested(Include); });
    connect(exclude_, &QPushButton::clicked, this, [this] { emit decideRequested(Exclude); });
    connect(reset_, &QPushButton::clicked, this, [this] { emit decideRequested(Reset); });
    setRun(QString(), 0, 0);
}

void MapCutBar::setRun(const QString& title, qint64 ranked, qint64 k) {
    ranked_ = ranked;
    show_->setText(title.isEmpty() ? tr("Selection cut") : tr("Cut of %1").arg(title));
    const int top = int(std::min<qint64>(ranked, std::numeric_limits<int>::max()));
    {
        const QSignalBlocker a(slider_), b(box_);
        slider_->setRange(0, top);
        box_->setRange(0, top);
    }
    slider_->setEnabled(ranked > 0 && cutShown());
    box_->setEnabled(ranked > 0 && cutShown());
    show_->setEnabled(ranked > 0);
    if (ranked == 0)
        count_->setText(title.isEmpty() ? tr("no selection run shown") : tr("the run ranks none of these sentences"));
    setK(k);
    updateButtons();
}

void MapCutBar::setK(qint64 k) {
    const QSignalBlocker a(slider_), b(box_);
    slider_->setValue(int(std::min<qint64>(k, slider_->maximum())));
    box_->setValue(slider_->value());
}

qint64 MapCutBar::k() const { return box_->value(); }

bool MapCutBar::cutShown() const { return show_->isChecked(); }

void MapCutBar::setCutShown(bool shown) { show_->setChecked(shown); }

void MapCutBar::setPickedCount(qint64 picked) {
    picked_ = picked;
    updateButtons();
}

void MapCutBar::setInCut(qint64 inCut) {
    if (ranked_ > 0)
        count_->setText(cutShown() ? tr("%1 on the map in the cut").arg(QLocale().toString(inCut))
                                   : tr("cut not shown"));
}

void MapCutBar::updateButtons() {
    for (QPushButton* b : {include_, exclude_, reset_}) b->setEnabled(ranked_ > 0 && picked_ > 0);
}
