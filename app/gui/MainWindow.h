#pragma once
// The workbench window: project menu, corpus overview, jobs dock. Wires widgets (plain data)
// to the project and to the JobRunner; computes nothing itself.
#include <QMainWindow>

class CorpusTreeModel;
class JobRunner;
class JobsPanel;
class QLabel;
class QMenu;
class QTabWidget;
class QTreeView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    bool openProject(const QString& path);
    QString projectPath() const { return projectPath_; }
    JobRunner* jobRunner() const { return runner_; }
    CorpusTreeModel* corpusModel() const { return corpusModel_; }

public slots:
    void newProject();
    void openProjectDialog();
    void importCorpus();
    void refreshProject();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void rebuildRecentMenu();
    void setProjectActionsEnabled(bool enabled);
    void showError(const QString& title, const QString& message);

    JobRunner* runner_;
    JobsPanel* jobs_;
    CorpusTreeModel* corpusModel_;
    QTreeView* corpusView_;
    QTabWidget* tabs_;
    QMenu* recentMenu_ = nullptr;
    QLabel* projectLabel_;
    QLabel* deviceLabel_;
    QList<QAction*> projectActions_;
    QString projectPath_;
};
