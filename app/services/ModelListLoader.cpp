#include "ModelListLoader.h"

#include <QPointer>

#include "AsyncService.h"
#include "ProjectQueries.h"

void loadModelsAsync(AsyncService& async, QObject* receiver, std::function<void(QList<ModelChoice>)> deliver) {
    // The window-wide "models" channel (owned by the service itself): a closed dialog only
    // skips the delivery, the read still completes.
    async.load<QList<ModelChoice>>(
        &async, QStringLiteral("models"), []() -> dl::Expected<QList<ModelChoice>> { return availableModels(); },
        [guard = QPointer<QObject>(receiver), deliver = std::move(deliver)](QList<ModelChoice> models) {
            if (guard) deliver(std::move(models));
        });
}
