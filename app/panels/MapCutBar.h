#pragma once
// The cut of a selection run as controls above the map: whether to show it, its size k (a
// slider and a box, kept in step with the Selection tab), and include/exclude/reset for the
// sentences picked on the map with the rectangle or lasso. Emits requests only; the
// SelectionOnMap link applies them. Thread affinity: GUI thread.
#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

class MapCutBar : public QWidget {
    Q_OBJECT
public:
    enum Decision { Exclude = 0, Include = 1, Reset = 2 };
    explicit MapCutBar(QWidget* parent = nullptr);

    // `title` names the run ("Run #4 cosine"); ranked = its sentences on this map (0 = none:
    // the controls are disabled and say why).
    void setRun(const QString& title, qint64 ranked, qint64 k);
    void setK(qint64 k);  // from the Selection tab: no kChanged back
    qint64 k() const;
    void setPickedCount(qint64 picked);
    void setInCut(qint64 inCut);
    bool cutShown() const;
    void setCutShown(bool shown);
    QSlider* slider() const { return slider_; }
    QPushButton* includeButton() const { return include_; }
    QPushButton* excludeButton() const { return exclude_; }

signals:
    void kChanged(qint64 k);
    void shownToggled(bool shown);
    void decideRequested(int decision);  // MapCutBar::Decision

private:
    void updateButtons();
    QCheckBox* show_;
    QSlider* slider_;
    QSpinBox* box_;
    QLabel* count_;
    QPushButton* include_;
    QPushButton* exclude_;
    QPushButton* reset_;
    qint64 ranked_ = 0, picked_ = 0;
};
