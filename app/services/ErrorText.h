#pragma once
// The app's one translation point for core errors: maps dl::ErrorCode + args to a tr()
// sentence in the UI language. Errors without a code (ErrorCode::Generic) show core's English
// message as it is. The CLI does not use this: it prints dl::Error::message.
#include <QString>

#include "common/Error.h"

QString errorText(const dl::Error& error);
