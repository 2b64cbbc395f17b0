#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/movegen.h"
#include "support/command.h"
#include "support/data.h"
#include "tools/train.h"
#include "tools/training_data.h"

namespace chuhe {
namespace {

std::string temp_path(const std::string& name) {
    return ::testing::TempDir() + "chuhe_datagen_" + std::to_string(::getpid()) + "_" + name;
}

test::CommandResult datagen(const std::string& args) {
    return test::run_command(std::string(CHUHE_BINARY) + " datagen " + args + " 2>&1");
}

std::string file_bytes(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

std::vector<TrainingRecord> records_of(const std::string& path) {
    std::vector<TrainingRecord> out;
    std::string error;
    EXPECT_TRUE(read_records(path, out, &error)) << error;
    return out;
}

TEST(TrainingData, RecordsDecodeToTheSamePositions) {
    int n = 0;
    for (const test::PerftCase& c : test::all_perft_cases()) {
        Position pos;
        ASSERT_TRUE(pos.set(c.fen));
        MoveList moves = MoveList::of<LEGAL>(pos);
        Move m = moves.size() ? *moves.begin() : MOVE_NONE;
        TrainingRecord r = TrainingRecord::from(pos, -1234, m, BLACK_WON), back;
        unsigned char bytes[RECORD_SIZE];
        encode_record(r, bytes);
        std::string error;
        ASSERT_TRUE(decode_record(bytes, back, &error)) << error;
        Position decoded;
        ASSERT_TRUE(decoded.set(back.fen(), &error)) << back.fen() << ": " << error;
        EXPECT_EQ(decoded.key(), pos.key()) << c.fen;
        EXPECT_EQ(back.score, -1234);
        EXPECT_EQ(back.move, m);
        EXPECT_EQ(back.result, BLACK_WON);
        EXPECT_EQ(back.ply, pos.game_ply());
        ++n;
    }
    EXPECT_GT(n, 200);
    unsigned char bad[RECORD_SIZE] = {};
    TrainingRecord r;
    std::string error;
    EXPECT_FALSE(decode_record(bad, r, &error));
    EXPECT_EQ(error, "not a training record (bad tag)");
}

// Checks the records of a self-play file: legal, filtered, and each game a chain of moves.
void check_self_play(const std::vector<TrainingRecord>& records) {
    ASSERT_FALSE(records.empty());
    int links = 0;
    for (size_t i = 0; i < records.size(); ++i) {
        const TrainingRecord& r = records[i];
        Position pos;
        std::string error;
        ASSERT_TRUE(pos.set(r.fen(), &error)) << r.fen() << ": " << error;
        ASSERT_TRUE(MoveList::of<LEGAL>(pos).contains(r.move)) << r.fen() << " " << Position::move_to_string(r.move);
        EXPECT_FALSE(pos.in_check()) << r.fen();
        EXPECT_TRUE(pos.empty(to_sq(r.move))) << "a capture as best move: " << r.fen();
        EXPECT_LT(std::abs(r.score), 2000);
        if (i + 1 < records.size() && records[i + 1].ply == r.ply + 1) {
            pos.do_move(r.move);
            EXPECT_EQ(pos.fen().substr(0, records[i + 1].fen().size()), records[i + 1].fen());
            EXPECT_EQ(records[i + 1].result, r.result);
            ++links;
        }
    }
    EXPECT_GT(links, int(records.size()) / 2);
}

TEST(Datagen, SelfPlayIsLegalAndTheSameSeedGivesTheSameRecords) {
    std::string a = temp_path("a.rec"), b = temp_path("b.rec"), c = temp_path("c.rec");
    std::string common = " --games 4 --nodes 400 --threads 2 --seed 9 --eval hce --openings " +
                         test::data_path("openings/fairy_xiangqi.epd");
    for (const std::string& f : {a, b, c}) std::remove(f.c_str());
    auto ra = datagen(a + common), rb = datagen(b + common), rc = datagen(c + common + " --shard 2/2");
    ASSERT_EQ(ra.status, 0) << ra.out;
    ASSERT_EQ(rb.status, 0) << rb.out;
    ASSERT_EQ(rc.status, 0) << rc.out;
    EXPECT_NE(ra.out.find("games 4  positions"), std::string::npos) << ra.out;
    std::string bytes = file_bytes(a);
    EXPECT_EQ(bytes.size() % RECORD_SIZE, 0u);
    EXPECT_EQ(bytes, file_bytes(b));
    EXPECT_NE(bytes, file_bytes(c));
    check_self_play(records_of(a));
    check_self_play(records_of(c));
    // Appending: a second run adds to the file.
    ASSERT_EQ(datagen(a + common).status, 0);
    EXPECT_EQ(file_bytes(a), bytes + bytes);
    for (const std::string& f : {a, b, c}) std::remove(f.c_str());
}

// Done when (issue 16): shards of one seed never produce the same positions.
TEST(Datagen, ShardsGiveDisjointPositions) {
    std::string one = temp_path("shard1.rec"), two = temp_path("shard2.rec");
    std::string common = " --games 3 --nodes 300 --threads 1 --seed 4 --eval hce --openings " +
                         test::data_path("openings/fairy_xiangqi.epd");
    for (const std::string& f : {one, two}) std::remove(f.c_str());
    auto r1 = datagen(one + common + " --shard 1/2"), r2 = datagen(two + common + " --shard 2/2");
    ASSERT_EQ(r1.status, 0) << r1.out;
    ASSERT_EQ(r2.status, 0) << r2.out;
    std::set<std::string> first;
    for (const TrainingRecord& r : records_of(one)) first.insert(r.fen());
    std::vector<TrainingRecord> second = records_of(two);
    EXPECT_GT(first.size(), 20u);
    EXPECT_GT(second.size(), 20u);
    for (const TrainingRecord& r : second) EXPECT_EQ(first.count(r.fen()), 0u) << r.fen() << " is in both shards";
    for (const std::string& f : {one, two}) std::remove(f.c_str());
}

TEST(Datagen, InterruptKeepsWholeRecords) {
    std::string out = temp_path("int.rec");
    std::remove(out.c_str());
    auto r = test::run_command(std::string(CHUHE_BINARY) + " datagen " + out +
                               " --nodes 2000 --threads 2 --eval hce 2>&1 & pid=$!; sleep 2; kill -INT $pid; wait $pid");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("interrupted; every finished game is written"), std::string::npos) << r.out;
    EXPECT_EQ(file_bytes(out).size() % RECORD_SIZE, 0u);
    records_of(out);
    std::remove(out.c_str());
}

TEST(Datagen, ConvertTakesTheScoresOfTheComments) {
    std::string pgn = temp_path("g.pgn"), out = temp_path("g.rec");
    std::remove(out.c_str());
    {
        std::ofstream f(pgn);
        f << "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n[Format \"ICCS\"]\n\n"
             "1. H2-E2 {+0.25/10 0.01s} H9-G7 {-0.20/10 0.01s}\n"
             "2. E2-E6 {+1.50/9 0.01s} G6-G5 {+M3/9 0.01s}\n"  // a capture as best move; a mate score
             "3. H0-G2 {book} C6-C5 {-0.40/9 0.01s} 0-1\n";
    }
    auto r = datagen("convert " + out + " " + pgn);
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("games 1  positions 3"), std::string::npos) << r.out;
    std::vector<TrainingRecord> recs = records_of(out);
    ASSERT_EQ(recs.size(), 3u);
    EXPECT_EQ(recs[0].score, 25);
    EXPECT_EQ(recs[0].stm, RED);
    EXPECT_EQ(recs[1].score, -20);
    EXPECT_EQ(recs[1].stm, BLACK);
    EXPECT_EQ(recs[2].score, -40);
    EXPECT_EQ(recs[2].ply, 5);
    for (const TrainingRecord& rec : recs) EXPECT_EQ(rec.result, BLACK_WON);
    std::remove(pgn.c_str());
    std::remove(out.c_str());
}

// Labelling searches every position after the skipped plies; the games are written in their
// order, so one thread and two give the same file, and each record keeps its game's result.
TEST(Datagen, LabelSearchesTheGamesPositionsInOrder) {
    std::string pgn = temp_path("label.pgn"), one = temp_path("label1.rec"), two = temp_path("label2.rec");
    {
        std::ofstream f(pgn);
        f << "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n[Format \"ICCS\"]\n\n"
             "1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. I0-H0 B9-C7 4. B0-C2 A9-B9 5. A0-B0 C6-C5 1-0\n\n"
             "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n[Format \"ICCS\"]\n\n"
             "1. C3-C4 B7-E7 2. B0-C2 B9-C7 3. H0-G2 H9-G7 4. A0-B0 A9-B9 0-1\n";
    }
    for (const std::string& f : {one, two}) std::remove(f.c_str());
    std::string common = " " + pgn + " --nodes 300 --skip 2 --eval hce";
    auto r1 = datagen("label " + one + common + " --threads 1");
    auto r2 = datagen("label " + two + common + " --threads 2");
    ASSERT_EQ(r1.status, 0) << r1.out;
    ASSERT_EQ(r2.status, 0) << r2.out;
    EXPECT_NE(r1.out.find("datagen label: 2 games, hand-crafted evaluation, 300 nodes per position, 1 thread(s)"),
              std::string::npos) << r1.out;
    EXPECT_NE(r1.out.find("games 2  positions "), std::string::npos) << r1.out;
    EXPECT_EQ(file_bytes(one), file_bytes(two));
    std::vector<TrainingRecord> recs = records_of(one);
    // Plies 2-9 of the first game and 2-7 of the second, less those the filters leave out.
    ASSERT_GE(recs.size(), 10u);
    ASSERT_LE(recs.size(), 14u);
    size_t firstOfSecond = 0;
    while (firstOfSecond < recs.size() && recs[firstOfSecond].result == RED_WON) ++firstOfSecond;
    EXPECT_GE(firstOfSecond, 5u);
    for (size_t i = 0; i < recs.size(); ++i) {
        EXPECT_EQ(recs[i].result, i < firstOfSecond ? RED_WON : BLACK_WON) << i;
        EXPECT_GE(recs[i].ply, 2) << i;
        EXPECT_LT(recs[i].ply, i < firstOfSecond ? 10 : 8) << i;
        Position pos;
        std::string error;
        ASSERT_TRUE(pos.set(recs[i].fen(), &error)) << error;
        EXPECT_TRUE(MoveList::of<LEGAL>(pos).contains(recs[i].move)) << recs[i].fen();
    }
    auto missing = datagen("label " + one + " /nonexistent/games.pgn --nodes 300");
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.out.find("nonexistent"), std::string::npos) << missing.out;
    for (const std::string& f : {pgn, one, two}) std::remove(f.c_str());
}

TEST(Datagen, BadInputGetsAReason) {
    std::string out = temp_path("bad.rec");
    auto r = datagen("--games 0 " + out);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("--games takes a number from 1"), std::string::npos) << r.out;
    r = datagen("convert " + out + " /nonexistent/file.pgn");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.out.find("nonexistent"), std::string::npos) << r.out;
    std::remove(out.c_str());
    r = datagen(out + " --shard 3/2");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("--shard takes I/N"), std::string::npos) << r.out;
    r = datagen("/nonexistent/dir/x.rec --games 1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("cannot open '/nonexistent/dir/x.rec' for writing"), std::string::npos) << r.out;
}

// Training records from the first `lines` lines of the shared self-play games.
std::string small_training_data(const std::string& name, int lines = 3000) {
    std::string data = temp_path(name);
    std::remove(data.c_str());
    auto conv = test::run_command("xz -dc " + test::data_path("selfplay/chuhe-selfplay-5000n-20261201.pgn.xz") +
                                  " | head -n " + std::to_string(lines) + " | " + CHUHE_BINARY +
                                  " datagen convert " + data + " - 2>&1");
    EXPECT_EQ(conv.status, 0) << conv.out;
    return data;
}

// Four epochs of a net of `shape` over about 30,000 lines' records, trained twice into net1
// and net2: the validation loss falls well below the untrained net's, the training loss
// falls, and the two runs agree to the byte (a seed and a thread count fix the net).
TrainOptions train_twice(nnue::Shape shape, const std::string& data, const std::string& net1,
                         const std::string& net2) {
    TrainOptions o;
    o.shape = shape;
    o.inputs = {data};
    o.epochs = 4;
    o.threads = 2;
    o.batch = 512;
    o.rate = 0.002;
    o.seed = 11;
    o.k = 125;
    o.validationEvery = 8;
    o.quiet = true;
    std::vector<EpochStats> s1, s2;
    std::string error;
    o.out = net1;
    EXPECT_TRUE(train_network(o, &s1, &error)) << error;
    o.out = net2;
    EXPECT_TRUE(train_network(o, &s2, &error)) << error;
    EXPECT_EQ(s1.size(), 5u);  // before training, then each epoch
    if (s1.size() != 5u || s2.size() != 5u) return o;
    EXPECT_GT(s1[4].positions, 5000u);
    // The initial net predicts about 0.5 everywhere; after training, clearly better.
    EXPECT_LT(s1[4].validationLoss, s1[0].validationLoss * 0.8);
    EXPECT_LT(s1[4].trainLoss, s1[1].trainLoss);
    for (size_t i = 0; i < s1.size(); ++i) EXPECT_EQ(s1[i].validationLoss, s2[i].validationLoss);
    EXPECT_EQ(file_bytes(net1), file_bytes(net2));
    return o;
}

TEST(Train, LowersValidationLossDeterministically) {
    std::string data = small_training_data("train.rec", 30000), net1 = temp_path("n1.nnue"), net2 = temp_path("n2.nnue");
    train_twice(nnue::SHAPE_V1, data, net1, net2);
    std::string netError;
    EXPECT_TRUE(nnue::load_network(net1, &netError)) << netError;
    for (const std::string& f : {data, net1, net2, net1 + ".ckpt", net2 + ".ckpt"}) std::remove(f.c_str());
}

// The king-bucketed shape (narrowed to 64 for time): factors, output buckets and the sparse
// row updates train as well, deterministically, and the file loads with its shape; a
// checkpoint of one shape is refused for another with both named.
TEST(Train, KingBucketsLowerValidationLossDeterministically) {
    std::string data = small_training_data("train2.rec", 30000), net1 = temp_path("k1.nnue"), net2 = temp_path("k2.nnue");
    nnue::Shape shape = nnue::SHAPE_V2;
    shape.hidden = 64;
    TrainOptions o = train_twice(shape, data, net1, net2);
    std::string netError, error;
    auto net = nnue::load_network(net1, &netError);
    ASSERT_TRUE(net) << netError;
    EXPECT_TRUE(net->shape == o.shape);
    // Resuming from the last checkpoint with more epochs goes on; a v1 training refuses it.
    o.epochs = 5;
    o.resume = net1 + ".ckpt";
    o.out = net2;
    std::vector<EpochStats> s3;
    ASSERT_TRUE(train_network(o, &s3, &error)) << error;
    ASSERT_EQ(s3.size(), 1u);
    EXPECT_EQ(s3[0].epoch, 5);
    o.shape = nnue::SHAPE_V1;
    EXPECT_FALSE(train_network(o, nullptr, &error));
    EXPECT_EQ(error, "checkpoint '" + net1 + ".ckpt' is of the shape (7560->64)x2->8, the training's is "
                     "(1260->256)x2->1 mirror mean");
    for (const std::string& f : {data, net1, net2, net1 + ".ckpt", net2 + ".ckpt"}) std::remove(f.c_str());
}

TEST(Train, NeverReplacesWhatIsNotARegularFile) {
    // --out was renamed over whatever it named (/dev/null, run as root); a link stands for it.
    std::string data = small_training_data("keep.rec"), target = temp_path("keep_target"),
                link = temp_path("keep_link.nnue");
    std::ofstream(target) << "not a net";
    std::remove(link.c_str());
    std::filesystem::create_symlink(target, link);
    TrainOptions o;
    o.inputs = {data};
    o.epochs = 1;
    o.batch = 512;
    o.k = 125;
    o.quiet = true;
    o.out = link;
    std::string error;
    EXPECT_FALSE(train_network(o, nullptr, &error));
    EXPECT_NE(error.find("is a symbolic link"), std::string::npos) << error;
    EXPECT_TRUE(std::filesystem::is_symlink(link));
    EXPECT_EQ(file_bytes(target), "not a net");
    for (const std::string& f : {data, target, link}) std::remove(f.c_str());
}

TEST(Train, BadPathsAreRefusedBeforeAnyWork) {
    std::string data = small_training_data("paths.rec");
    std::string train = std::string(CHUHE_BINARY) + " train " + data + " --epochs 1 --batch 512 --k 125";
    test::CommandResult r = test::run_command(train + " --out /nonexistent/dir/x.nnue 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
              "chuhe train: cannot write '/nonexistent/dir/x.nnue': directory '/nonexistent/dir' does not exist");
    EXPECT_EQ(r.out.find("epoch 1 "), std::string::npos) << r.out;
    r = test::run_command(train + " --out " + temp_path("paths.nnue") + " --resume /nonexistent.ckpt 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
              "chuhe train: cannot open checkpoint '/nonexistent.ckpt': No such file or directory");
    std::remove(data.c_str());
}

// Inputs read as streams must be regular files: /dev/zero never ends (tune fit read it as one
// endless line until bad_alloc), and a directory is no data either.
TEST(Train, StreamedInputsMustBeRegularFiles) {
    std::string bin = CHUHE_BINARY;
    test::CommandResult r = test::run_command(bin + " train /dev/zero --epochs 1 --out " +
                                              temp_path("zero.nnue") + " 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("cannot read /dev/zero: it is not a regular file"), std::string::npos) << r.out;
    r = test::run_command(bin + " tune fit /dev/zero 2>&1");
    EXPECT_NE(r.status, 0);
    EXPECT_NE(r.out.find("cannot read /dev/zero: it is not a regular file"), std::string::npos) << r.out;
    std::vector<TrainingRecord> records;
    std::string error;
    EXPECT_FALSE(read_records("/tmp", records, &error));
    EXPECT_EQ(error, "cannot read /tmp: it is a directory");
}

}  // namespace
}  // namespace chuhe
