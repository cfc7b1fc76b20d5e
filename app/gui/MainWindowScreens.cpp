// Screenshots of the search and outlier-analysis views (README, issue 13), taken after the
// tab screenshots of MainWindow::saveScreenshots: each view is driven as a user would and
// grabbed once its result is shown (or after a bounded wait).
#include <QEventLoop>
#include <QLineEdit>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTimer>

#include <functional>

#include "MainWindow.h"
#include "OutlierAnalysisPanel.h"
#include "OutlierFiguresModel.h"
#include "RunViews.h"
#include "ScatterPlotView.h"
#include "SearchExplorer.h"

namespace {

// Runs `start`, then waits until one of the signals fires or `seconds` pass.
template <class Sender, class... Signals>
void waitFor(Sender* sender, int seconds, const std::function<void()>& start, Signals... finished) {
    QEventLoop loop;
    (QObject::connect(sender, finished, &loop, [&loop] { QTimer::singleShot(400, &loop, &QEventLoop::quit); }), ...);
    QTimer::singleShot(seconds * 1000, &loop, &QEventLoop::quit);
    start();
    loop.exec();
}

// The longest word of a sentence (letters only), for a full-text search that finds something.
QString longestWord(const QString& text) {
    QString best;
    for (const QString& w : text.split(QRegularExpression(QStringLiteral("[^\\w]+")), Qt::SkipEmptyParts))
        if (w.size() > best.size() && !w.front().isDigit()) best = w;
    return best;
}

}  // namespace

void MainWindow::saveSearchScreenshots(const QString& dir, int number) {
    auto save = [&](const QString& name) { grab().save(QStringLiteral("%1/%2-%3.png").arg(dir).arg(number++, 2, 10, QLatin1Char('0')).arg(name)); };
    if (outlierAnalysis_->figures()->rowCount() > 0) {
        tabs_->setCurrentWidget(outlierAnalysis_);
        const int all = outlierAnalysis_->figures()->rowCount() - 1;
        waitFor(outlierAnalysis_, 30, [&] { outlierAnalysis_->showFigure(all, OutlierFiguresModel::DigitsOutColumn); },
                &OutlierAnalysisPanel::sentencesShown);
        save(QStringLiteral("outlier-analysis-digits"));
    }
    const auto& ids = search_->scatter()->data().ids;
    if (search_->runId() <= 0 || ids.isEmpty()) return;
    tabs_->setCurrentWidget(search_);
    QString sentence = sentenceText(projectPath_, ids[ids.size() / 3]);
    if (sentence.startsWith(QLatin1Char('['))) sentence = sentence.mid(sentence.indexOf(QLatin1Char(']')) + 1).trimmed();  // "[domain] text"
    const QString word = longestWord(sentence);
    search_->queryEdit()->setText(word);
    waitFor(search_, 180, [&] { search_->findWords(word); }, &SearchExplorer::matchesShown, &SearchExplorer::searchFailed);
    save(QStringLiteral("search-words"));
    search_->queryEdit()->setText(sentence);
    waitFor(search_, 180, [&] { search_->lookUp(sentence); }, &SearchExplorer::neighboursShown, &SearchExplorer::searchFailed);
    save(QStringLiteral("search-neighbours"));
}
