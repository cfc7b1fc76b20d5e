#include "ModelListLoader.h"

#include <QPointer>

#include "AsyncLoader.h"
#include "ProjectQueries.h"

void loadModelsAsync(AsyncLoader& loader, QObject* receiver, std::function<void(QList<ModelChoice>)> deliver) {
    loader.load<QList<ModelChoice>>(
        QStringLiteral("models"), []() -> dl::Expected<QList<ModelChoice>> { return availableModels(); },
        [guard = QPointer<QObject>(receiver), deliver = std::move(deliver)](QList<ModelChoice> models) {
            if (guard) deliver(std::move(models));
        });
}
