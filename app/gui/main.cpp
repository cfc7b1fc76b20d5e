// domainlens: the GUI workbench. `domainlens [PROJECT]` opens a project at start.
#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTimer>
#include <QTranslator>

#include "MainWindow.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("DomainLens"));
    QApplication::setApplicationName(QStringLiteral("DomainLens"));
    QApplication::setApplicationVersion(QStringLiteral(DOMAINLENS_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/domainlens.svg")));

    // UI language: the setting "ui/language" (e.g. "de") wins over the system locale.
    const QString language = QSettings().value(QStringLiteral("ui/language")).toString();
    const QLocale locale = language.isEmpty() ? QLocale() : QLocale(language);
    QTranslator qtTranslator, appTranslator;
    if (qtTranslator.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(&qtTranslator);
    if (appTranslator.load(locale, QStringLiteral("domainlens"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        app.installTranslator(&appTranslator);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "DomainLens workbench"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("PROJECT"), QApplication::translate("main", "Project file to open."));
    QCommandLineOption screenshots(QStringLiteral("screenshots"),
                                   QApplication::translate("main", "Save a PNG of every view into DIR and quit (documentation)."),
                                   QStringLiteral("DIR"));
    parser.addOption(screenshots);
    parser.process(app);

    MainWindow window;
    window.resize(1400, 900);
    window.show();
    if (!parser.positionalArguments().isEmpty()) window.openProject(parser.positionalArguments().first());
    if (parser.isSet(screenshots)) {
        // The views load off the GUI thread; give them time, then capture and quit.
        QTimer::singleShot(8000, &window, [&] { window.saveScreenshots(parser.value(screenshots), [] { QApplication::quit(); }); });
    }
    return app.exec();
}
