// domainlens: the GUI workbench. `domainlens [PROJECT]` opens a project at start.
#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTimer>
#include <QTranslator>

#include "MainWindow.h"

namespace {

// The value of --lang CODE or --lang=CODE, else "".
QString languageArgument(const QStringList& arguments) {
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--lang") && i + 1 < arguments.size()) return arguments[i + 1];
        if (arguments[i].startsWith(QLatin1String("--lang="))) return arguments[i].mid(7);
    }
    return {};
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("DomainLens"));
    QApplication::setApplicationName(QStringLiteral("DomainLens"));
    QApplication::setApplicationVersion(QStringLiteral(DOMAINLENS_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/domainlens.svg")));

    // UI language: --lang CODE (e.g. de; for screenshots) wins over the setting "ui/language",
    // which wins over the system locale (LANGUAGE, LC_ALL, LANG). Read before the parser so
    // that its help text is translated too.
    QString language = languageArgument(app.arguments());
    if (language.isEmpty()) language = QSettings().value(QStringLiteral("ui/language")).toString();
    const QLocale locale = language.isEmpty() ? QLocale() : QLocale(language);
    QTranslator qtTranslator, appTranslator;
    if (qtTranslator.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(&qtTranslator);
    if (appTranslator.load(locale, QStringLiteral("domainlens"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        app.installTranslator(&appTranslator);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "DomainLens workbench"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("PROJECT"), QApplication::translate("main", "Project file to open."));
    QCommandLineOption screenshots(
        QStringLiteral("screenshots"),
        QApplication::translate("main", "Save a PNG of every view into DIR and quit (documentation)."),
        QStringLiteral("DIR"));
    parser.addOption(screenshots);
    parser.addOption(QCommandLineOption(
        QStringLiteral("lang"),
        QApplication::translate("main", "Interface language (de, en, fr) for this run; overrides the setting."),
        QStringLiteral("CODE")));
    QCommandLineOption explore(
        QStringLiteral("explore"),
        QApplication::translate("main",
                                "Explore CORPUS of PROJECT: its first map opens as soon as it is stored, the "
                                "rest is encoded and assigned in the background (Analysis > Explore Corpus)."),
        QStringLiteral("CORPUS"));
    parser.addOption(explore);
    QCommandLineOption exploreOption(
        QStringLiteral("explore-option"),
        QApplication::translate("main",
                                "With --explore: one of explore's options as NAME=VALUE (sample=5000, "
                                "model=all-MiniLM-L6-v2, k=7; see domainlens-cli explore --help)."),
        QStringLiteral("NAME=VALUE"));
    parser.addOption(exploreOption);
    QCommandLineOption mixture(
        QStringLiteral("mixture"),
        QApplication::translate("main",
                                "Open a mixture kit, a `mixture train` folder or a λ trajectory file on the Mixture "
                                "tab (repeatable: with --screenshots, one shot each; PROJECT is then optional)."),
        QStringLiteral("PATH"));
    parser.addOption(mixture);
    parser.process(app);

    MainWindow window;
    window.resize(1400, 900);
    window.show();
    if (!parser.positionalArguments().isEmpty()) window.openProject(parser.positionalArguments().first());
    if (parser.isSet(explore) && !parser.positionalArguments().isEmpty()) {
        ExploreRequest request;
        request.values.insert(QStringLiteral("corpus"), parser.value(explore));
        for (const QString& option : parser.values(exploreOption))
            request.values.insert(option.section(QLatin1Char('='), 0, 0), option.section(QLatin1Char('='), 1));
        QTimer::singleShot(0, &window, [&window, request] { window.startExplore(request); });
    }
    const QStringList mixtures = parser.values(mixture);
    if (!mixtures.isEmpty() && !parser.isSet(screenshots))
        QTimer::singleShot(0, &window, [&window, m = mixtures.last()] { window.showMixture(m); });
    window.setScreenshotMixtures(mixtures);
    if (parser.isSet(screenshots)) {
        // The views load off the GUI thread: saveScreenshots waits for each, then captures.
        QTimer::singleShot(0, &window,
                           [&] { window.saveScreenshots(parser.value(screenshots), [] { QApplication::quit(); }); });
    }
    return app.exec();
}
