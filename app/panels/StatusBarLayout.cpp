#include "StatusBarLayout.h"

#include <QSizePolicy>
#include <QStatusBar>

void installStatusBarWidgets(QStatusBar& bar, const StatusBarWidgets& widgets) {
    bar.addWidget(widgets.project, 1);
    bar.addPermanentWidget(widgets.map);
    // No stretch and no growth past its size hint (its stretching detail label made it expanding
    // even without a stretch factor): the message gets the rest. See the header.
    QSizePolicy jobsPolicy = widgets.jobs->sizePolicy();
    jobsPolicy.setHorizontalPolicy(QSizePolicy::Maximum);
    widgets.jobs->setSizePolicy(jobsPolicy);
    bar.addPermanentWidget(widgets.jobs);
    bar.addPermanentWidget(widgets.device);
}
