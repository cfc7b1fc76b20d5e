// HugePageBuffer: the large zero-filled buffer the PCA projection writes into (numpy's
// allocation: huge pages advised, pages mapped up front). Zero-filled, aligned to 2 MiB,
// writable to the last byte, move-only ownership, and a clear refusal when the mapping fails.
#include <QtTest>

#include <cstdint>
#include <cstring>

#include "common/HugePageBuffer.h"

using namespace dl;

class TestHugePageBuffer : public QObject {
    Q_OBJECT
private slots:
    void zeroFilledAlignedWritable_data() {
        QTest::addColumn<qulonglong>("bytes");
        QTest::newRow("one byte") << qulonglong(1);
        QTest::newRow("not a page multiple") << qulonglong(3 * 4096 + 17);
        QTest::newRow("several huge pages") << qulonglong((std::size_t(5) << 20) + 12345);
    }
    void zeroFilledAlignedWritable() {
        QFETCH(qulonglong, bytes);
        auto buffer = HugePageBuffer::allocate(bytes);
        QVERIFY(buffer);
        QCOMPARE(buffer->size(), std::size_t(bytes));
        QCOMPARE(reinterpret_cast<std::uintptr_t>(buffer->data()) % (std::uintptr_t(2) << 20), std::uintptr_t(0));
        const auto* bytesIn = static_cast<const unsigned char*>(buffer->data());
        for (std::size_t i = 0; i < bytes; i += 509) QCOMPARE(int(bytesIn[i]), 0);
        QCOMPARE(int(bytesIn[bytes - 1]), 0);
        std::memset(buffer->data(), 0xAB, bytes);  // every byte is ours to write
        QCOMPARE(int(bytesIn[bytes - 1]), 0xAB);
    }

    void moveTransfersOwnership() {
        auto a = HugePageBuffer::allocate(std::size_t(3) << 20);
        QVERIFY(a);
        void* data = a->data();
        static_cast<char*>(data)[100] = 7;
        HugePageBuffer b(std::move(*a));
        QCOMPARE(b.data(), data);
        QCOMPARE(a->data(), nullptr);
        QCOMPARE(a->size(), std::size_t(0));
        auto c = HugePageBuffer::allocate(4096);
        QVERIFY(c);
        *c = std::move(b);  // c's own mapping is released, b's taken over
        QCOMPARE(c->data(), data);
        QCOMPARE(static_cast<char*>(c->data())[100], char(7));
    }

    void refusesImpossibleSize() {
        // More address space than x86-64 user space has: mmap fails, no buffer.
        QVERIFY(!HugePageBuffer::allocate(std::size_t(1) << 60));
    }
};

QTEST_APPLESS_MAIN(TestHugePageBuffer)
#include "tst_hugepagebuffer.moc"
