#include "RecentProjects.h"

#include <QFileInfo>
#include <QSettings>

namespace {
const auto kKey = QStringLiteral("recentProjects");
constexpr int kMax = 8;
}  // namespace

QStringList RecentProjects::list() {
    QStringList out;
    for (const auto& p : QSettings().value(kKey).toStringList())
        if (QFileInfo::exists(p)) out << p;
    return out;
}

void RecentProjects::add(const QString& path) {
    const QString abs = QFileInfo(path).absoluteFilePath();
    QStringList l = QSettings().value(kKey).toStringList();
    l.removeAll(abs);
    l.prepend(abs);
    while (l.size() > kMax) l.removeLast();
    QSettings().setValue(kKey, l);
}

void RecentProjects::remove(const QString& path) {
    QStringList l = QSettings().value(kKey).toStringList();
    l.removeAll(QFileInfo(path).absoluteFilePath());
    QSettings().setValue(kKey, l);
}
