#pragma once
// What the Import dialog asks for, as plain data (app/ maps it to the core import job).
#include <QVariantMap>

struct ImportRequest {
    // The job's parameters by name (ParamField::name: "src", "tgt", "format", "corpus",
    // "domain", "domain-from-filename", "keep-duplicates", ...; core's corpus/ImportParamsTable.cpp);
    // a name left out keeps the job's default. "domain" also makes the label source the given label.
    QVariantMap values;
};
