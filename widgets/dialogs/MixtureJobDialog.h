#pragma once
// Mixture > Build Mixture Kit…, Target Mixture…, Schedule…, MDAC Step…: the CLI's `mixture kit
// | target | schedule | step` (issue #24 items 1-5) as one form per subcommand. Every field's
// widget is made from the subcommand's parameter table (app/services' mixture*ParamFields:
// ranges, defaults, tooltips, choices); this dialog adds only the labels, the project's corpora
// and runs to pick from, and what the CLI takes as positional arguments (the cluster run, the
// MDAC state file).
#include <QDialog>

#include "JobRequests.h"
#include "ParamField.h"

class QComboBox;
class QLineEdit;
class QPushButton;

class MixtureJobDialog : public QDialog {
    Q_OBJECT
public:
    // What the window knows when the dialog opens.
    struct Context {
        QString kit;                   // the kit on the Mixture tab ("" = none): suggested paths
        QString folder;                // where new files go by default (the project's folder)
        QStringList corpora;           // the open project's corpora
        QList<RunChoice> clusterRuns;  // newest first
        QList<RunChoice> selectionRuns;
        qint64 clusterRun = 0;  // the run the map shows (kit, target: preselected)
    };
    // `subcommand`: "kit", "target", "schedule" or "step"; `fields`: its table's.
    MixtureJobDialog(const QString& subcommand, const Context& context, const ParamFields& fields,
                     QWidget* parent = nullptr);
    MixtureRequest request() const;
    // The file or folder the job writes that the Mixture tab opens afterwards (a kit's folder,
    // a schedule file, a target file, the MDAC state).
    static QString resultPath(const MixtureRequest& request);

private:
    enum class Browse { None, Folder, OpenFile, SaveFile };
    QWidget* addField(class QFormLayout* form, const QString& label, const QString& name, Browse browse = Browse::None);
    // format, gzip, force: the files' form (kit, schedule).
    void addOutputFields(class QFormLayout* form);
    // A run list; `name` "" = the positional cluster run, else the table parameter's name.
    QComboBox* runCombo(const QList<RunChoice>& runs, const QString& none, qint64 current, const QString& name = {});
    QComboBox* corpusCombo(const QString& name, const QString& none);
    void updateEnabled();
    QString subcommand_;
    Context context_;
    ParamFields fields_;
    QList<QWidget*> params_;
    QComboBox* run_ = nullptr;
    QLineEdit* state_ = nullptr;
    QPushButton* ok_ = nullptr;
};
