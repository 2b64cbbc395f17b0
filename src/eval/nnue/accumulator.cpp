#include "eval/nnue/accumulator.h"

#include <algorithm>
#include <cassert>
#include <cstring>

#ifdef __AVX2__
#include <immintrin.h>
#endif

namespace chuhe::nnue {

namespace {

// The loops below are written for the compiler to vectorise (AVX2 with -march=native, SSE2 in
// a portable build); integer arithmetic makes every build compute the same values. n is a
// multiple of 16.
void add_column(int16_t* acc, const int16_t* w, int n) {
    for (int i = 0; i < n; ++i) acc[i] += w[i];
}
void sub_column(int16_t* acc, const int16_t* w, int n) {
    for (int i = 0; i < n; ++i) acc[i] -= w[i];
}

// dst = src + add - sub1 (- sub2): one move, with or without a capture, in one pass.
void apply(int16_t* dst, const int16_t* src, const int16_t* add, const int16_t* sub, int n) {
    for (int i = 0; i < n; ++i) dst[i] = int16_t(src[i] + add[i] - sub[i]);
}
void apply(int16_t* dst, const int16_t* src, const int16_t* add, const int16_t* sub1, const int16_t* sub2,
           int n) {
    for (int i = 0; i < n; ++i) dst[i] = int16_t(src[i] + add[i] - sub1[i] - sub2[i]);
}

// The accumulator (x QF) rounded down to the activation's scale (x QA) and clipped: 0..QA.
int32_t activation(int16_t v) { return (std::clamp<int32_t>(v, 0, QF) + (1 << ACTIVATION_SHIFT) / 2) >> ACTIVATION_SHIFT; }

int bucket_of(const Network& net, const Position& pos) {
    return output_bucket(net.shape.outputBuckets, popcount(pos.pieces()));
}

// sum: the output layer's sums over every orientation (v1: the board and its mirror image),
// x QA * QA * QB each.
int32_t finish(const Network& net, int64_t sum, int bucket) {
    const int orientations = net.shape.views() / 2;
    return int32_t((sum / (orientations * QA) + net.outputBias[bucket]) * OUTPUT_SCALE / (QA * QB));
}

// The views the output layer reads, in order: side to move's half, then the other's, for each
// orientation.
int output_views(const Shape& s, Color stm, int views[MAX_VIEWS]) {
    for (int m = 0; m < s.views() / 2; ++m) views[2 * m] = 2 * m + stm, views[2 * m + 1] = 2 * m + ~stm;
    return s.views();
}

void refresh_view(const Network& net, const Position& pos, int view, int16_t* out) {
    const int n = net.shape.hidden;
    const Color p = view_perspective(view);
    const ViewKey key = view_key(net.shape, view, pos);
    std::copy(net.featureBias.begin(), net.featureBias.end(), out);
    Bitboard b = pos.pieces();
    while (b) {
        Square s = pop_lsb(b);
        add_column(out, net.column(view_feature(p, key, pos.piece_on(s), s)), n);
    }
}

}  // namespace

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
    for (int v = 0; v < net.shape.views(); ++v) refresh_view(net, pos, v, acc.values + v * net.shape.hidden);
}

int32_t output_reference(const Network& net, const Accumulator& acc, const Position& pos) {
    const int n = net.shape.hidden, bucket = bucket_of(net, pos);
    const int16_t* weights = net.output_weights(bucket);
    int64_t sum = 0;
    int views[MAX_VIEWS];
    for (int k = 0, count = output_views(net.shape, pos.side_to_move(), views); k < count; ++k) {
        const int16_t* a = acc.values + views[k] * n;
        const int16_t* w = weights + (k & 1) * n;
        for (int i = 0; i < n; ++i) {
            int32_t c = activation(a[i]);
            sum += c * int16_t(c * w[i]);
        }
    }
    return finish(net, sum, bucket);
}

int32_t output(const Network& net, const Accumulator& acc, const Position& pos) {
#ifdef __AVX2__
    // SCReLU as c * (c * w): c * w fits int16 (the loader checks |w| * QA), and madd then sums
    // pairs of c * (c * w) into int32 lanes.
    const int n = net.shape.hidden, bucket = bucket_of(net, pos);
    const int16_t* weights = net.output_weights(bucket);
    const __m256i zero = _mm256_setzero_si256(), qf = _mm256_set1_epi16(QF);
    const __m256i rounding = _mm256_set1_epi16((1 << ACTIVATION_SHIFT) / 2);
    int64_t sum = 0;
    int views[MAX_VIEWS];
    for (int k = 0, count = output_views(net.shape, pos.side_to_move(), views); k < count; ++k) {
        const int16_t* a = acc.values + views[k] * n;
        const int16_t* w = weights + (k & 1) * n;
        __m256i total = _mm256_setzero_si256();
        for (int i = 0; i < n; i += 16) {
            __m256i c = _mm256_load_si256(reinterpret_cast<const __m256i*>(a + i));
            c = _mm256_min_epi16(_mm256_max_epi16(c, zero), qf);
            c = _mm256_srli_epi16(_mm256_add_epi16(c, rounding), ACTIVATION_SHIFT);
            __m256i wv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i));
            total = _mm256_add_epi32(total, _mm256_madd_epi16(c, _mm256_mullo_epi16(c, wv)));
        }
        // Each int32 lane holds at most hidden / 8 (<= 128) products of QA * 32767: no
        // overflow; the views are summed in 64 bits.
        alignas(32) int32_t lanes[8];
        _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), total);
        for (int32_t v : lanes) sum += v;
    }
    return finish(net, sum, bucket);
#else
    return output_reference(net, acc, pos);
#endif
}

AccumulatorStack::AccumulatorStack() : entries_(MAX_PLY + 16) {}

void AccumulatorStack::reset(const Network& net, const Position& pos) {
    top_ = 0;
    refresh(net, pos, entries_[0].acc);
    std::fill(std::begin(entries_[0].computed), std::end(entries_[0].computed), true);
    if (cacheNet_ != &net) {  // a cache belongs to one net
        cache_.clear();
        cacheNet_ = &net;
    }
    if (net.shape.kingBuckets > 1 && cache_.empty()) cache_.resize(COLOR_NB * SQUARE_NB);
}

void AccumulatorStack::push(const Position& pos, Move m) {
    Entry& e = entries_[++top_];
    std::fill(std::begin(e.computed), std::end(e.computed), false);
    e.from = from_sq(m);
    e.to = to_sq(m);
    e.moved = pos.piece_on(e.from);
    e.captured = pos.piece_on(e.to);
}

void AccumulatorStack::push_null() {
    Entry& e = entries_[++top_];
    std::fill(std::begin(e.computed), std::end(e.computed), false);
    e.moved = NO_PIECE;
}

void AccumulatorStack::refresh_from_cache(const Network& net, const Position& pos, int view, int16_t* out) {
    const int n = net.shape.hidden;
    const Color p = view_perspective(view);
    const ViewKey key = view_key(net.shape, view, pos);
    CacheEntry& c = cache_[p * SQUARE_NB + pos.king_square(p)];
    if (!c.valid) {
        std::copy(net.featureBias.begin(), net.featureBias.end(), c.values);
        std::fill(std::begin(c.board), std::end(c.board), NO_PIECE);
        c.valid = true;
    }
    // The king square fixes the key, so the cached values differ from this board's by the
    // squares whose pieces differ.
    for (Square s = 0; s < SQUARE_NB; ++s) {
        Piece was = c.board[s], now = pos.piece_on(s);
        if (was == now) continue;
        if (was) sub_column(c.values, net.column(view_feature(p, key, was, s)), n);
        if (now) add_column(c.values, net.column(view_feature(p, key, now, s)), n);
        c.board[s] = now;
    }
    std::memcpy(out, c.values, sizeof(int16_t) * size_t(n));
}

const Accumulator& AccumulatorStack::current(const Network& net, const Position& pos) {
    const int n = net.shape.hidden;
    const bool buckets = net.shape.kingBuckets > 1;
    Entry& top = entries_[top_];
    for (int v = 0; v < net.shape.views(); ++v) {
        if (top.computed[v]) continue;
        // The nearest computed ancestor (entry 0 always is); with king buckets, a move of this
        // view's king on the way changes its key: then the view is computed again.
        const Piece king = make_piece(view_perspective(v), KING);
        int k = top_;
        bool kingMoved = false;
        for (; !entries_[k].computed[v]; --k) kingMoved |= buckets && entries_[k].moved == king;
        if (kingMoved) {
            assert(!cache_.empty());
            refresh_from_cache(net, pos, v, top.acc.values + v * n);
            top.computed[v] = true;
            continue;
        }
        // No king move of this view's side on the way: its key is the same all along.
        const Color p = view_perspective(v);
        const ViewKey key = view_key(net.shape, v, pos);
        for (++k; k <= top_; ++k) {
            const Entry& prev = entries_[k - 1];
            Entry& e = entries_[k];
            const int16_t* src = prev.acc.values + v * n;
            int16_t* dst = e.acc.values + v * n;
            if (!e.moved) {
                std::memcpy(dst, src, sizeof(int16_t) * size_t(n));
            } else {
                const int16_t* add = net.column(view_feature(p, key, e.moved, e.to));
                const int16_t* sub = net.column(view_feature(p, key, e.moved, e.from));
                if (e.captured)
                    apply(dst, src, add, sub, net.column(view_feature(p, key, e.captured, e.to)), n);
                else
                    apply(dst, src, add, sub, n);
            }
            e.computed[v] = true;
        }
    }
    return top.acc;
}

}  // namespace chuhe::nnue
