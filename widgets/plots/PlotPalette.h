#pragma once
// Colours and axis styling shared by every plot, so all views look like one application.
// Categories use Tableau 10 (distinguishable under the common colour-vision deficiencies);
// continuous values use a viridis-like gradient (perceptually uniform, prints in grey).
#include <QColor>

class QCustomPlot;
class QCPAxis;
class QCPColorGradient;

class PlotPalette {
public:
    static QColor category(int index);  // stable colour for category `index`; grey for < 0
    static QColor accent();             // selected / highlighted things
    static QColor muted();              // unselected / background things
    static QCPColorGradient viridis();
    static QCPColorGradient sequentialBlue();  // white → dark blue, for heatmaps
    // Light grid, no top/right clutter, readable fonts, white background.
    static void applyStyle(QCustomPlot* plot);
    static void styleAxis(QCPAxis* axis);
};
