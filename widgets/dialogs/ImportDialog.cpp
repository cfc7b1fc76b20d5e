#include "ImportDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

#include "ParamFieldWidgets.h"

namespace {

QWidget* withBrowse(QLineEdit* edit, QPushButton* button) {
    auto* w = new QWidget;
    auto* l = new QHBoxLayout(w);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(edit, 1);
    l->addWidget(button);
    return w;
}

}  // namespace

ImportDialog::ImportDialog(const ParamFields& fields, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Import corpus"));
    auto field = [&fields](const char* name) { return findParamField(fields, QLatin1String(name)); };
    format_ = new QComboBox(this);
    applyParamField(format_, field("format"),
                    {{QStringLiteral("plain"), tr("Plain text (one sentence per line; two files = parallel pair)")},
                     {QStringLiteral("tsv"), tr("TSV (source, target, domain columns)")},
                     {QStringLiteral("jsonl"), tr("JSON Lines (one object per line)")},
                     {QStringLiteral("parquet"), tr("Parquet (the column \"text\")")},
                     {QStringLiteral("hf-dataset"), tr("Hugging Face dataset folder (the column \"text\")")}});
    src_ = new QLineEdit(this);
    applyParamField(src_, field("src"));
    src_->setPlaceholderText(tr("medical.en, corpus.tsv, data.jsonl.gz …"));
    tgt_ = new QLineEdit(this);
    applyParamField(tgt_, field("tgt"));
    tgt_->setPlaceholderText(tr("optional: the line-aligned translation (medical.de)"));
    auto* browseSrc = new QPushButton(tr("Browse…"), this);
    auto* browseTgt = new QPushButton(tr("Browse…"), this);
    corpus_ = new QLineEdit(this);
    applyParamField(corpus_, field("corpus"));
    corpus_->setPlaceholderText(tr("default: the file name"));
    srcLang_ = new QLineEdit(this);
    applyParamField(srcLang_, field("src-lang"));
    srcLang_->setPlaceholderText(tr("from the file name"));
    tgtLang_ = new QLineEdit(this);
    applyParamField(tgtLang_, field("tgt-lang"));
    tgtLang_->setPlaceholderText(tr("from the file name"));
    columns_ = new QLineEdit(this);
    applyParamField(columns_, field("columns"));
    columns_->setPlaceholderText(tr("src,tgt,domain (default: by column count)"));

    auto* labels = new QGroupBox(tr("Domain label"), this);
    labelFile_ = new QRadioButton(tr("From the file name (medical.en → medical)"), labels);
    labelGiven_ = new QRadioButton(tr("This label:"), labels);
    labelColumn_ = new QRadioButton(tr("From the domain column / field"), labels);
    labelNone_ = new QRadioButton(tr("None (unlabelled corpus)"), labels);
    labelFile_->setChecked(true);
    domain_ = new QLineEdit(labels);
    applyParamField(domain_, field("domain"));
    auto* given = new QHBoxLayout;
    given->addWidget(labelGiven_);
    given->addWidget(domain_, 1);
    auto* labelLayout = new QVBoxLayout(labels);
    labelLayout->addWidget(labelFile_);
    labelLayout->addLayout(given);
    labelLayout->addWidget(labelColumn_);
    labelLayout->addWidget(labelNone_);

    replaceInvalid_ = new QCheckBox(tr("Replace invalid UTF-8 with U+FFFD instead of stopping"), this);
    applyParamField(replaceInvalid_, field("replace-invalid"));
    keepDuplicates_ = new QCheckBox(
        tr("Keep duplicate sentences (by default a pair is dropped when the same pair, source or target was seen)"),
        this);
    applyParamField(keepDuplicates_, field("keep-duplicates"));
    preview_ = new QPlainTextEdit(this);
    preview_->setReadOnly(true);
    preview_->setLineWrapMode(QPlainTextEdit::NoWrap);
    preview_->setMaximumBlockCount(50);
    problem_ = new QLabel(this);
    problem_->setStyleSheet(QStringLiteral("color: #b00020"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Format:"), format_);
    form->addRow(tr("&Source file:"), withBrowse(src_, browseSrc));
    form->addRow(tr("&Target file:"), withBrowse(tgt_, browseTgt));
    form->addRow(tr("&Corpus:"), corpus_);
    auto* langs = new QHBoxLayout;
    langs->addWidget(srcLang_);
    langs->addWidget(new QLabel(QStringLiteral("→"), this));
    langs->addWidget(tgtLang_);
    form->addRow(tr("&Languages:"), langs);
    form->addRow(tr("TSV co&lumns:"), columns_);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Import"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(labels);
    layout->addWidget(replaceInvalid_);
    layout->addWidget(keepDuplicates_);
    layout->addWidget(new QLabel(tr("Preview (first lines):"), this));
    layout->addWidget(preview_, 1);
    layout->addWidget(problem_);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browseSrc, &QPushButton::clicked, this, [this] {
        // a Hugging Face dataset is a folder (datasets.save_to_disk or the Hub's layout)
        const QString f = format_->currentData().toString() == QLatin1String("hf-dataset")
                              ? QFileDialog::getExistingDirectory(this, tr("Dataset folder"))
                              : browse(tr("Source file"));
        if (!f.isEmpty()) setSourceFile(f);
    });
    connect(browseTgt, &QPushButton::clicked, this, [this] {
        const QString f = browse(tr("Target file"));
        if (!f.isEmpty()) tgt_->setText(f);
    });
    for (auto* e : {src_, tgt_, domain_}) connect(e, &QLineEdit::textChanged, this, [this] { updateState(); });
    connect(src_, &QLineEdit::textChanged, this, [this] { updatePreview(); });
    connect(tgt_, &QLineEdit::textChanged, this, [this] { updatePreview(); });
    connect(format_, &QComboBox::currentIndexChanged, this, [this] {
        updateState();
        updatePreview();
    });
    for (auto* r : {labelFile_, labelGiven_, labelColumn_, labelNone_})
        connect(r, &QRadioButton::toggled, this, [this] { updateState(); });
    resize(720, 620);
    updateState();
}

QString ImportDialog::browse(const QString& caption) {
    return QFileDialog::getOpenFileName(this, caption, QFileInfo(src_->text()).absolutePath(),
                                        tr("Corpora (*.* *.gz);;All files (*)"));
}

void ImportDialog::setSourceFile(const QString& path) {
    src_->setText(path);
    // "<domain>.<lang>" with a sibling "<domain>.<other>": offer the pair.
    const QFileInfo info(path);
    const QString base = info.completeBaseName(), suffix = info.suffix();
    if (tgt_->text().isEmpty() && suffix.size() >= 2 && suffix.size() <= 3 && !base.contains(QLatin1Char('.'))) {
        const auto siblings = info.dir().entryList({base + QStringLiteral(".*")}, QDir::Files);
        for (const auto& s : siblings)
            if (s != info.fileName() && QFileInfo(s).suffix().size() <= 3 && !s.endsWith(QLatin1String(".gz"))) {
                tgt_->setText(info.dir().filePath(s));
                break;
            }
    }
}

QStringList ImportDialog::previewLines(const QString& path, int lines) {
    QStringList out;
    QFile f(path);
    if (path.endsWith(QLatin1String(".gz")) || !f.open(QIODevice::ReadOnly)) return out;
    while (out.size() < lines && !f.atEnd()) {
        QByteArray line = f.readLine(4096);
        while (line.endsWith('\n') || line.endsWith('\r')) line.chop(1);
        out << QString::fromUtf8(line);
    }
    return out;
}

void ImportDialog::updatePreview() {
    const QString format = format_->currentData().toString();
    if (format == QLatin1String("parquet") || format == QLatin1String("hf-dataset") ||
        src_->text().endsWith(QLatin1String(".parquet"))) {
        preview_->setPlainText(tr("(Parquet or a dataset folder: no preview)"));  // binary, not lines
        return;
    }
    const auto a = previewLines(src_->text(), 12);
    const auto b = previewLines(tgt_->text(), 12);
    QStringList rows;
    for (int i = 0; i < a.size(); ++i) rows << (i < b.size() ? a[i] + QStringLiteral("  ‖  ") + b[i] : a[i]);
    if (rows.isEmpty() && src_->text().endsWith(QLatin1String(".gz"))) rows << tr("(compressed file: no preview)");
    preview_->setPlainText(rows.join(QLatin1Char('\n')));
}

void ImportDialog::updateState() {
    const QString format = format_->currentData().toString();
    const bool plain = format == QLatin1String("plain");
    tgt_->setEnabled(plain);
    columns_->setEnabled(format == QLatin1String("tsv"));
    labelColumn_->setEnabled(!plain);
    if (plain && labelColumn_->isChecked()) labelFile_->setChecked(true);
    domain_->setEnabled(labelGiven_->isChecked());
    QString problem;
    if (src_->text().isEmpty()) problem = tr("Choose a source file.");
    else if (!QFileInfo::exists(src_->text())) problem = tr("The source file does not exist.");
    else if (plain && !tgt_->text().isEmpty() && !QFileInfo::exists(tgt_->text()))
        problem = tr("The target file does not exist.");
    else if (labelGiven_->isChecked() && domain_->text().trimmed().isEmpty()) problem = tr("Enter the domain label.");
    problem_->setText(problem);
    if (auto* box = findChild<QDialogButtonBox*>()) box->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

ImportRequest ImportDialog::request() const {
    ImportRequest r;
    // Disabled widgets keep the job's defaults: the target file (plain only), the columns (TSV
    // only), the label (when "This label" is chosen).
    r.values = paramValues(
        {format_, src_, tgt_, corpus_, domain_, srcLang_, tgtLang_, columns_, replaceInvalid_, keepDuplicates_});
    if (labelFile_->isChecked()) r.values.insert(QStringLiteral("domain-from-filename"), true);
    if (labelColumn_->isChecked()) r.values.insert(QStringLiteral("domain-from-column"), true);
    if (labelGiven_->isChecked() && !r.values.contains(QStringLiteral("domain")))
        r.values.insert(QStringLiteral("domain"), QString());  // refused by the job: the label is empty
    return r;
}
