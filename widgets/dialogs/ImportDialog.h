#pragma once
// Import dialog: format, files, label source, languages, and a preview of the first lines. The
// label source is the dialog's own choice among the command line's three options (--domain,
// --domain-from-filename, --domain-from-column) and "none"; it preselects the file name.
#include <QDialog>

#include "ImportRequest.h"
#include "ParamField.h"

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
    // `fields`: import's parameters (app/services' importParamFields): defaults, choices, tooltips.
    explicit ImportDialog(const ParamFields& fields, QWidget* parent = nullptr);
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
    QCheckBox* keepDuplicates_;
    QPlainTextEdit* preview_;
    QLabel* problem_;
};
