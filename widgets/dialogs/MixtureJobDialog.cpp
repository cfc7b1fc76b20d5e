#include "MixtureJobDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include "ParamFieldWidgets.h"

namespace {

const QString kKit = QStringLiteral("kit"), kTarget = QStringLiteral("target"), kSchedule = QStringLiteral("schedule"),
              kStep = QStringLiteral("step");

QString valueOf(const QList<QWidget*>& widgets, const QString& name) {
    for (const auto* w : widgets)
        if (w->objectName() == name) return paramWidgetValue(w).toString();
    return {};
}

void enable(const QList<QWidget*>& widgets, const QString& name, bool on) {
    for (auto* w : widgets)
        if (w->objectName() == name) {
            w->setEnabled(on);
            if (auto* row = w->parentWidget(); row && row->property("browseRow").toBool()) row->setEnabled(on);
        }
}

}  // namespace

MixtureJobDialog::MixtureJobDialog(const QString& subcommand, const Context& context, const ParamFields& fields,
                                   QWidget* parent)
    : QDialog(parent), subcommand_(subcommand), context_(context), fields_(fields) {
    auto* form = new QFormLayout;
    QString title, note, okText;
    const QString kit = context.kit;
    auto suggest = [this](const QString& name, const QString& path) {
        if (path.isEmpty()) return;
        for (auto* w : params_)
            if (w->objectName() == name)
                if (auto* e = qobject_cast<QLineEdit*>(w)) e->setText(QDir::cleanPath(path));
    };
    if (subcommand == kKit) {
        title = tr("Build a mixture kit");
        okText = tr("Build");
        note =
            tr("Per group (a domain label, or a cluster of a cluster run) a training shard and held-out dev and "
               "test lines, none of which appears in any training shard; mixture.json with N, q, λ^s, λ^t, λ_0 "
               "and the repetition factors; opennmt.yaml; a manifest with the SHA-256 of every file.");
        auto* by = addField(form, tr("&Groups:"), QStringLiteral("by"));
        static_cast<QComboBox*>(by)->setItemText(0, tr("domain labels"));
        static_cast<QComboBox*>(by)->setItemText(1, tr("clusters of a cluster run"));
        form->addRow(tr("Cluster &run:"), runCombo(context.clusterRuns, tr("the latest"), context.clusterRun));
        form->addRow(tr("&Corpus:"), corpusCombo(QStringLiteral("corpus"), tr("the only one")));
        addField(form, tr("&Output folder:"), QStringLiteral("out"), Browse::Folder);
        if (!context.folder.isEmpty()) suggest(QStringLiteral("out"), context.folder + QStringLiteral("/mixture-kit"));
        addField(form, tr("&Dev lines per group:"), QStringLiteral("dev-lines"));
        addField(form, tr("&Test lines per group:"), QStringLiteral("test-lines"));
        addField(form, tr("S&eed:"), QStringLiteral("seed"));
        addField(form, tr("λ^t (t&arget):"), QStringLiteral("target"), Browse::OpenFile);
        addField(form, tr("λ_0 (&initial):"), QStringLiteral("init"));
        addField(form, tr("Floor ε:"), QStringLiteral("epsilon"));
        addField(form, tr("Floor α:"), QStringLiteral("floor-alpha"));
        addField(form, tr("Training &steps T:"), QStringLiteral("steps"));
        addField(form, tr("&Batch size B (sentences):"), QStringLiteral("batch-size"));
        addField(form, tr("OpenNMT-py weight &resolution:"), QStringLiteral("weight-resolution"));
        addOutputFields(form);
    } else if (subcommand == kTarget) {
        title = tr("Target mixture λ^t");
        okText = tr("Compute");
        note =
            tr("The mixture the model should do well on: uniform, one or more groups, the mean GMM "
               "responsibilities of an in-domain dev set under the cluster run, or a selection run's P(in|x) "
               "summed per group. Write it into a kit's folder and build the kit with it as λ^t.");
        addField(form, tr("&From:"), QStringLiteral("from"));
        addField(form, tr("Gr&oups (comma separated):"), QStringLiteral("groups"));
        addField(form, tr("Grouped &by:"), QStringLiteral("by"));
        form->addRow(tr("Cluster &run:"), runCombo(context.clusterRuns, tr("the latest"), context.clusterRun));
        form->addRow(tr("&Corpus:"), corpusCombo(QStringLiteral("corpus"), tr("the only one")));
        form->addRow(tr("&Dev set (corpus):"), corpusCombo(QStringLiteral("dev-corpus"), tr("none")));
        form->addRow(tr("&Selection run:"),
                     runCombo(context.selectionRuns, tr("none"), 0, QStringLiteral("selection")));
        addField(form, tr("&Write to:"), QStringLiteral("out"), Browse::SaveFile);
        if (!kit.isEmpty()) suggest(QStringLiteral("out"), kit + QStringLiteral("/target.json"));
    } else if (subcommand == kSchedule) {
        title = tr("Fixed mixture schedule");
        okText = tr("Write Schedule");
        note =
            tr("λ over training as [{step, λ}] with a phase file per entry: FT-Full, interpolation or an "
               "annealed temperature from λ_α to λ^t over a kit's groups; the curriculum of Zhang et al. 2019 "
               "or gradual fine-tuning (van der Wees et al. 2017) over a selection run's ranking.");
        addField(form, tr("&Kind:"), QStringLiteral("kind"));
        addField(form, tr("Kit's &mixture.json:"), QStringLiteral("mixture"), Browse::OpenFile);
        if (!kit.isEmpty()) suggest(QStringLiteral("mixture"), kit + QStringLiteral("/mixture.json"));
        addField(form, tr("Output &prefix:"), QStringLiteral("out"), Browse::SaveFile);
        if (!kit.isEmpty()) suggest(QStringLiteral("out"), kit + QStringLiteral("/schedule"));
        addField(form, tr("Training &steps T:"), QStringLiteral("steps"));
        addField(form, tr("Schedule &points:"), QStringLiteral("points"));
        addField(form, tr("Switch ste&p T0 (ft-full):"), QStringLiteral("switch-step"));
        addField(form, tr("α at the st&art:"), QStringLiteral("alpha-start"));
        addField(form, tr("α at the &end (anneal):"), QStringLiteral("alpha-end"));
        form->addRow(tr("Selection &run:"),
                     runCombo(context.selectionRuns, tr("none"), 0, QStringLiteral("selection")));
        form->addRow(tr("&In-domain corpus:"), corpusCombo(QStringLiteral("in-corpus"), tr("none")));
        addField(form, tr("Pool s&hards:"), QStringLiteral("shards"));
        addField(form, tr("&ρ (gradual):"), QStringLiteral("rho"));
        addField(form, tr("Ep&ochs (gradual):"), QStringLiteral("epochs"));
        addOutputFields(form);
    } else {
        title = tr("MDAC step");
        okText = tr("Step");
        note =
            tr("One session of MDAC (or DDS): the trainer's per-group rewards update ψ by REINFORCE, λ(ψ) = "
               "ψ^β / Σ ψ^β; the state file keeps ψ and the λ trajectory. A new state starts from a kit's "
               "mixture.json (its λ_0 and λ^t).");
        state_ = new QLineEdit(this);
        state_->setObjectName(QStringLiteral("state"));
        state_->setToolTip(
            tr("The MDAC state file (JSON); it is created from the kit's mixture.json when it does "
               "not exist yet."));
        auto* row = new QWidget(this);
        row->setProperty("browseRow", true);
        auto* h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        h->addWidget(state_, 1);
        auto* b = new QToolButton(row);
        b->setText(tr("…"));
        connect(b, &QToolButton::clicked, this, [this] {
            const QString f =
                QFileDialog::getSaveFileName(this, tr("MDAC state"), state_->text(), tr("JSON (*.json);;All files (*)"),
                                             nullptr, QFileDialog::DontConfirmOverwrite);
            if (!f.isEmpty()) state_->setText(f);
        });
        h->addWidget(b);
        form->addRow(tr("&State file:"), row);
        if (!kit.isEmpty()) state_->setText(QDir::cleanPath(kit + QStringLiteral("/mdac.json")));
        addField(form, tr("Start from (&mixture.json):"), QStringLiteral("init"), Browse::OpenFile);
        if (!kit.isEmpty()) suggest(QStringLiteral("init"), kit + QStringLiteral("/mixture.json"));
        addField(form, tr("&Rewards file:"), QStringLiteral("rewards"), Browse::OpenFile);
        addField(form, tr("&β:"), QStringLiteral("beta"));
        addField(form, tr("&Learning rate of ψ:"), QStringLiteral("lr"));
        addField(form, tr("&Updates per session:"), QStringLiteral("updates"));
        addField(form, tr("Re&ward:"), QStringLiteral("reward"));
        connect(state_, &QLineEdit::textChanged, this, &MixtureJobDialog::updateEnabled);
    }
    setWindowTitle(title);
    setMinimumWidth(640);  // the note wraps at a readable width; paths fit in the fields
    auto* noteLabel = new QLabel(note, this);
    noteLabel->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    ok_ = buttons->button(QDialogButtonBox::Ok);
    ok_->setText(okText);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (auto* w : params_) {
        if (auto* c = qobject_cast<QComboBox*>(w))
            connect(c, &QComboBox::currentIndexChanged, this, &MixtureJobDialog::updateEnabled);
        else if (auto* e = qobject_cast<QLineEdit*>(w))
            connect(e, &QLineEdit::textChanged, this, &MixtureJobDialog::updateEnabled);
    }
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(noteLabel);
    layout->addLayout(form);
    layout->addWidget(buttons);
    updateEnabled();
}

void MixtureJobDialog::addOutputFields(QFormLayout* form) {
    addField(form, tr("&Format:"), QStringLiteral("format"));
    addField(form, tr("Compress the training files (gzip)"), QStringLiteral("gzip"));
    addField(form, tr("Replace existing files"), QStringLiteral("force"));
}

QWidget* MixtureJobDialog::addField(QFormLayout* form, const QString& label, const QString& name, Browse browse) {
    const ParamField f = findParamField(fields_, name);
    QWidget* w = nullptr;
    switch (f.kind) {
    case ParamField::Kind::Int: {
        auto* box = new QSpinBox(this);
        box->setGroupSeparatorShown(true);
        applyParamField(box, f);
        w = box;
        break;
    }
    case ParamField::Kind::Double: {
        auto* box = new QDoubleSpinBox(this);
        box->setDecimals(name == QLatin1String("lr") ? 9 : 4);  // learning rates from 1e-9
        applyParamField(box, f);
        w = box;
        break;
    }
    case ParamField::Kind::Flag: {
        auto* box = new QCheckBox(label, this);
        applyParamField(box, f);
        params_ << box;
        form->addRow(QString(), box);
        return box;
    }
    case ParamField::Kind::Choice: {
        auto* box = new QComboBox(this);
        applyParamField(box, f);
        w = box;
        break;
    }
    default: {
        auto* edit = new QLineEdit(this);
        applyParamField(edit, f);
        w = edit;
        break;
    }
    }
    params_ << w;
    if (browse == Browse::None) {
        form->addRow(label, w);
        return w;
    }
    auto* row = new QWidget(this);
    row->setProperty("browseRow", true);
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    w->setParent(row);
    h->addWidget(w, 1);
    auto* b = new QToolButton(row);
    b->setText(tr("…"));
    auto* edit = qobject_cast<QLineEdit*>(w);
    connect(b, &QToolButton::clicked, this, [this, edit, browse, label] {
        const QString start = edit->text().isEmpty() ? context_.folder : edit->text();
        QString chosen;
        if (browse == Browse::Folder) chosen = QFileDialog::getExistingDirectory(this, label, start);
        else if (browse == Browse::OpenFile) chosen = QFileDialog::getOpenFileName(this, label, start);
        else chosen = QFileDialog::getSaveFileName(this, label, start);
        if (!chosen.isEmpty()) edit->setText(chosen);
    });
    h->addWidget(b);
    form->addRow(label, row);
    return w;
}

QComboBox* MixtureJobDialog::runCombo(const QList<RunChoice>& runs, const QString& none, qint64 current,
                                      const QString& name) {
    auto* box = new QComboBox(this);
    box->addItem(none, QVariant());
    for (const auto& r : runs) box->addItem(r.label, QString::number(r.id));
    if (current > 0) box->setCurrentIndex(qMax(0, box->findData(QString::number(current))));
    if (name.isEmpty()) {
        run_ = box;
        box->setObjectName(QStringLiteral("run"));
        box->setToolTip(tr("The cluster run whose clusters are the groups (the command line's RUN)."));
    } else {
        nameParamWidget(box, findParamField(fields_, name));
        params_ << box;
    }
    return box;
}

QComboBox* MixtureJobDialog::corpusCombo(const QString& name, const QString& none) {
    auto* box = new QComboBox(this);
    nameParamWidget(box, findParamField(fields_, name));
    box->addItem(none, QVariant());
    for (const auto& c : context_.corpora) box->addItem(c, c);
    params_ << box;
    return box;
}

void MixtureJobDialog::updateEnabled() {
    const auto is = [this](const char* name, std::initializer_list<const char*> any) {
        const QString v = valueOf(params_, QLatin1String(name));
        for (const char* a : any)
            if (v == QLatin1String(a)) return true;
        return false;
    };
    bool ready = true;
    if (subcommand_ == kKit) {
        const bool byCluster = is("by", {"cluster"});
        if (run_) run_->setEnabled(byCluster);
        enable(params_, QStringLiteral("corpus"), !byCluster);
        const bool floored = is("init", {"floored"});
        enable(params_, QStringLiteral("epsilon"), floored);
        enable(params_, QStringLiteral("floor-alpha"), floored);
        ready = !valueOf(params_, QStringLiteral("out")).isEmpty();
    } else if (subcommand_ == kTarget) {
        enable(params_, QStringLiteral("groups"), is("from", {"groups"}));
        enable(params_, QStringLiteral("dev-corpus"), is("from", {"dev-set"}));
        enable(params_, QStringLiteral("selection"), is("from", {"selection"}));
        const bool byCluster = is("by", {"cluster"}) || is("from", {"dev-set"});
        if (run_) run_->setEnabled(byCluster || is("from", {"selection"}));
        enable(params_, QStringLiteral("corpus"), !byCluster);
    } else if (subcommand_ == kSchedule) {
        const bool lambda = is("kind", {"ft-full", "interpolate", "anneal"});
        enable(params_, QStringLiteral("mixture"), lambda);
        enable(params_, QStringLiteral("points"), is("kind", {"interpolate", "anneal"}));
        enable(params_, QStringLiteral("switch-step"), is("kind", {"ft-full"}));
        enable(params_, QStringLiteral("alpha-start"), is("kind", {"interpolate", "anneal"}));
        enable(params_, QStringLiteral("alpha-end"), is("kind", {"anneal"}));
        enable(params_, QStringLiteral("selection"), !lambda);
        enable(params_, QStringLiteral("in-corpus"), is("kind", {"curriculum"}));
        enable(params_, QStringLiteral("shards"), is("kind", {"curriculum"}));
        enable(params_, QStringLiteral("rho"), is("kind", {"gradual"}));
        enable(params_, QStringLiteral("epochs"), is("kind", {"gradual"}));
        ready = !valueOf(params_, QStringLiteral("out")).isEmpty();
    } else if (subcommand_ == kStep && state_) {
        // A state that exists goes on (its beta, lr, updates and reward are in it); a new one
        // starts from a kit's mixture.json.
        const QString state = state_->text().trimmed();
        const bool fresh = state.isEmpty() || !QFileInfo::exists(state);
        enable(params_, QStringLiteral("init"), fresh);
        const bool starting = fresh && !valueOf(params_, QStringLiteral("init")).isEmpty();
        for (const char* fixed : {"beta", "lr", "updates", "reward"}) enable(params_, QLatin1String(fixed), starting);
        ready = !state.isEmpty() && (starting || !valueOf(params_, QStringLiteral("rewards")).isEmpty());
    }
    if (ok_) ok_->setEnabled(ready);
}

MixtureRequest MixtureJobDialog::request() const {
    MixtureRequest r;
    r.subcommand = subcommand_;
    if (run_ && run_->isEnabled()) r.run = run_->currentData().toLongLong();
    if (state_) r.state = state_->text().trimmed();
    r.values = paramValues(params_);
    return r;
}

QString MixtureJobDialog::resultPath(const MixtureRequest& r) {
    const QString out = r.values.value(QStringLiteral("out")).toString();
    if (r.subcommand == kKit || r.subcommand == kTarget) return out;
    if (r.subcommand == kSchedule) return out.isEmpty() ? QString() : out + QStringLiteral(".schedule.json");
    return r.state;
}
