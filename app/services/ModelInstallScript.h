#pragma once
// Where scripts/install-model.sh is for the GUI's Encode dialog: $DOMAINLENS_INSTALL_MODEL,
// else beside the build (build/app/gui/domainlens -> scripts/), else the installed share
// folder. "" when none exists (the dialog then offers no Install button).
#include <QString>

QString modelInstallScript();
