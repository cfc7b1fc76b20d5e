#include "ModelInstallScript.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

QString modelInstallScript() {
    const QString env = qEnvironmentVariable("DOMAINLENS_INSTALL_MODEL");
    if (!env.isEmpty()) return QFileInfo(env).isFile() ? env : QString();
    const QDir app(QCoreApplication::applicationDirPath());
    for (const QString& rel :
         {QStringLiteral("../../scripts/install-model.sh"), QStringLiteral("../../../scripts/install-model.sh"),
          QStringLiteral("../share/domainlens/scripts/install-model.sh")}) {
        const QString p = QDir::cleanPath(app.filePath(rel));
        if (QFileInfo(p).isFile()) return p;
    }
    return {};
}
