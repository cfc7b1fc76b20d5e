#include "AsyncLoader.h"

AsyncLoader::AsyncLoader(QObject* parent, int threads) : QObject(parent) {
    pool_.setMaxThreadCount(threads);
    pool_.setObjectName(QStringLiteral("view reads"));
}

AsyncLoader::~AsyncLoader() { pool_.waitForDone(); }

void AsyncLoader::invalidateAll() {
    for (auto it = generation_.begin(); it != generation_.end(); ++it) ++it.value();
}
