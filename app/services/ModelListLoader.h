#pragma once
// The encoder models for the Encode and Settings dialogs, listed off the GUI thread:
// availableModels() walks the model folders and the Hugging Face cache, reads every
// config.json and sums folder sizes, which takes long enough on a cold disk to freeze the
// window if done when a dialog opens.
#include <QList>
#include <QObject>

#include <functional>

#include "JobRequests.h"

class AsyncService;

// Lists the models on the service's read pool (channel "models": a newer request supersedes
// an older one) and calls `deliver` on the GUI thread, unless `receiver` (the dialog) was
// destroyed meanwhile. Called on the GUI thread.
void loadModelsAsync(AsyncService& async, QObject* receiver, std::function<void(QList<ModelChoice>)> deliver);
