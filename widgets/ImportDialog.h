#pragma once
// Import dialog: format, files, label source, languages, and a preview of the first lines.
#include <QDialog>

#include "ImportRequest.h"

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QRadioButton;

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ImportDialog(QWidget* parent = nullptr);
    ImportRequest request() const;
    // Prefills the source (and, for `<domain>.<lang>` names, the aligned target next to it).
    void setSourceFile(const QString& path);

    // Reads at most `lines` lines of a plain-text file for the preview (not .gz).
    static QStringList previewLines(const QString& path, int lines);

private:
    void updateState();
    void updatePreview();
    QString browse(const QString& caption);
    QComboBox* format_;
    QLineEdit* src_;
    QLineEdit* tgt_;
    QLineEdit* corpus_;
    QRadioButton* labelFile_;
    QRadioButton* labelGiven_;
    QRadioButton* labelColumn_;
    QRadioButton* labelNone_;
    QLineEdit* domain_;
    QLineEdit* srcLang_;
    QLineEdit* tgtLang_;
    QLineEdit* columns_;
    QCheckBox* replaceInvalid_;
    QCheckBox* dedupe_;
    QPlainTextEdit* preview_;
    QLabel* problem_;
};
