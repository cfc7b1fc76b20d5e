#pragma once
// The recently opened projects (QSettings "recentProjects"), newest first, at most 8.
#include <QStringList>

class RecentProjects {
public:
    static QStringList list();
    static void add(const QString& path);
    static void remove(const QString& path);
};
