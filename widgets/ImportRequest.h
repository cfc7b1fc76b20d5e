#pragma once
// What the Import dialog asks for, as plain data (app/ maps it to the core import job).
#include <QString>
#include <QStringList>

struct ImportRequest {
    enum class Format { Plain, Tsv, Jsonl };
    enum class Label { None, Given, FromFilename, FromColumn };
    Format format = Format::Plain;
    QString srcPath;
    QString tgtPath;  // plain format only: Moses pair
    QString corpus;
    Label label = Label::FromFilename;
    QString domain;
    QString srcLang, tgtLang;
    QStringList tsvColumns;  // empty = from the first row
    QString srcField = QStringLiteral("src"), tgtField = QStringLiteral("tgt"), domainField = QStringLiteral("domain");
    bool replaceInvalid = false;
    bool dedupe = true;
};
