// The main window's status bar: which widgets sit there and how they share its width.
// GUI thread. The widgets stay owned by their parents; the bar only lays them out.
#pragma once

class QStatusBar;
class QWidget;

struct StatusBarWidgets {
    QWidget* project = nullptr;  // the project's path: hidden while a temporary message shows
    QWidget* map = nullptr;      // the progressive map's status
    QWidget* jobs = nullptr;     // the jobs panel (progress, cancel, log)
    QWidget* device = nullptr;   // CPU or CUDA
};

// A temporary message (QStatusBar::showMessage: job summaries, errors, "Saved …") is drawn only
// left of the first visible permanent widget, so no permanent widget may stretch: one that did
// took that space and every message was drawn with zero width.
void installStatusBarWidgets(QStatusBar& bar, const StatusBarWidgets& widgets);
