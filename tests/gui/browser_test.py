#!/usr/bin/python3
"""Browser tests of `chuhe gui` in a real headless Chromium (Debian: chromium, chromium-driver,
python3-selenium for /usr/bin/python3).

    /usr/bin/python3 tests/gui/browser_test.py --binary build/chuhe [--data ../shared/data] [--out DIR]

Starts the server on a free port, drives the page, and saves screenshots of the start
position, an analysis and a ruling in --out; a failing test saves fail-<name>.png there too.
Every wait is explicit with a generous timeout; engine searches are bounded by node limits.
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import threading
import time
import traceback

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

WAIT = 60  # seconds; CI machines are slow and shared

CHASE_FEN = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1"
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


class Server:
    def __init__(self, binary):
        # Chuhe once more as a second engine, a child speaking UCI: the board's engine 1.
        self.proc = subprocess.Popen([binary, "gui", "--port", "0", "--engine", binary, "uci"], stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True)
        self.url = None
        found = threading.Event()

        def read():
            for line in self.proc.stdout:
                m = re.search(r"open (http://\S+)", line)
                if m and not self.url:
                    self.url = m.group(1)
                    found.set()
            found.set()

        threading.Thread(target=read, daemon=True).start()
        if not found.wait(30) or not self.url:
            self.stop()
            raise RuntimeError("chuhe gui printed no address")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode


def make_driver():
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1400,1000", "--lang=en-US"):
        opts.add_argument(a)
    if os.path.exists("/usr/bin/chromium"):
        opts.binary_location = "/usr/bin/chromium"
    service = Service("/usr/bin/chromedriver") if os.path.exists("/usr/bin/chromedriver") else Service()
    driver = webdriver.Chrome(options=opts, service=service)
    driver.set_page_load_timeout(WAIT)
    return driver


class Board:
    def __init__(self, driver, url):
        self.d = driver
        self.url = url

    def wait(self, cond, what, timeout=WAIT):
        return WebDriverWait(self.d, timeout, poll_frequency=0.1).until(lambda d: cond(d), message=what)

    def open(self, query=""):
        self.d.get(self.url + query)
        self.wait(lambda d: d.execute_script("return document.body.dataset.ready === '1'"), "page ready")

    def pieces(self):
        return self.d.find_elements(By.CSS_SELECTOR, "#pieces .piece")

    def moves(self):
        return self.d.find_elements(By.CSS_SELECTOR, "#moves .m")

    def square_offset(self, sq):
        # The square's point relative to the board's centre (where offsets start from).
        board = self.d.find_element(By.ID, "board")
        f, r = ord(sq[0]) - 97, int(sq[1:])
        flipped = self.d.execute_script("return S.flipped")
        if flipped:
            f, r = 8 - f, 9 - r
        x, y = 50 + f * 60, 60 + (9 - r) * 60
        rect = self.d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height];", board)
        # The SVG keeps its 580x660 aspect ratio centred in its box.
        scale = min(rect[0] / 580, rect[1] / 660)
        ox, oy = (rect[0] - 580 * scale) / 2, (rect[1] - 660 * scale) / 2
        return board, int(ox + x * scale - rect[0] / 2), int(oy + y * scale - rect[1] / 2)

    def click_square(self, sq):
        # Clicks go to the board at the square's point (targets do not take pointer events).
        board, px, py = self.square_offset(sq)
        ActionChains(self.d).move_to_element_with_offset(board, px, py).click().perform()

    def drag(self, src, dst):
        board, x0, y0 = self.square_offset(src)
        _, x1, y1 = self.square_offset(dst)
        (ActionChains(self.d).move_to_element_with_offset(board, x0, y0).click_and_hold()
         .move_by_offset((x1 - x0) // 2, (y1 - y0) // 2).move_by_offset(x1 - x0 - (x1 - x0) // 2, y1 - y0 - (y1 - y0) // 2)
         .release().perform())

    def play(self, move):
        # The board drawn is the game's latest position (no reply on its way that would redraw it).
        self.wait(lambda d: d.execute_script("return S.shown === S.gen"), "position drawn before " + move)
        n = len(self.moves())
        self.click_square(move[:2])
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#targets .target"), "targets of " + move[:2])
        self.click_square(move[2:])
        # An engine may answer at once: look for the move itself, not for the count.
        self.wait(lambda d: d.execute_script("return S.moves[arguments[0]] === arguments[1] && "
                                             "document.querySelectorAll('#moves .m').length > arguments[0]", n, move),
                  "move %s on the list" % move)

    def new_game_against_engine(self, tc):
        # A human with red against engine 0 (Chuhe) on time control tc (a value of #tc).
        Select(self.d.find_element(By.ID, "player-red")).select_by_value("human")
        Select(self.d.find_element(By.ID, "player-black")).select_by_value("0")
        Select(self.d.find_element(By.ID, "tc")).select_by_value(tc)
        self.d.find_element(By.ID, "newgame").click()
        self.wait(lambda d: d.execute_script("return S.play.active && S.view && S.moves.length === 0"), "new game")

    def open_section(self, id_):
        self.d.execute_script("document.getElementById(arguments[0]).open = true", id_)

    def set_fen(self, fen):
        self.open_section("editbox")
        box = self.d.find_element(By.ID, "fen")
        box.clear()
        box.send_keys(fen)
        self.d.find_element(By.ID, "fen-load").click()
        self.wait(lambda d: d.execute_script("return S.view && S.view.fen === arguments[0] && S.moves.length === 0",
                                             fen), "FEN set")


def test_start_position(b, out):
    b.open()
    b.wait(lambda d: len(b.pieces()) == 32, "32 pieces")
    names = sorted(p.get_attribute("data-piece") for p in b.pieces())
    assert names == sorted("RNBAKABNRCCPPPPPrnbakabnrccppppp"), names
    texts = b.d.execute_script("return [...document.querySelectorAll('#pieces text')].map(t => t.textContent).join('')")
    for ch in "帥仕相俥傌炮兵將士象車馬砲卒":
        assert ch in texts, ch
    assert "Red to move" in b.d.find_element(By.ID, "status").text
    b.d.save_screenshot(os.path.join(out, "start.png"))


def test_play_against_engine(b, out):
    b.open()
    b.new_game_against_engine("nodes")
    b.play("h2e2")
    b.wait(lambda d: len(b.moves()) == 2, "the engine's answer")
    reply = b.d.execute_script("return S.moves[1]")
    legal = b.d.execute_script("return S.game.moves[1].iccs")  # the server replayed it: legal
    assert reply == legal and re.fullmatch(r"[a-i]\d[a-i]\d", reply), reply
    status = b.d.find_element(By.ID, "status").text
    assert status.startswith("Red to move"), status
    b.d.find_element(By.ID, "takeback").click()
    b.wait(lambda d: len(b.moves()) == 0, "takeback to the human's move")
    b.d.save_screenshot(os.path.join(out, "play.png"))


def test_takeback_restores_clocks(b, out):
    b.open()
    b.new_game_against_engine("1+1")
    time.sleep(1.5)  # red's clock runs: 60 s minus what the move takes, plus the 1 s increment
    b.play("h2e2")
    b.wait(lambda d: len(b.moves()) == 2, "the engine's answer")
    red, log = b.d.execute_script("return [S.play.clocks.red, S.play.clockLog]")
    assert red <= 60000 - 1500 + 1000, red
    assert log == [{"red": 60000, "black": 60000}, {"red": red, "black": 60000}], log
    b.d.find_element(By.ID, "takeback").click()
    b.wait(lambda d: len(b.moves()) == 0, "takeback to the human's move")
    clocks = b.d.execute_script("return [S.play.clocks.red, S.play.clocks.black, S.play.clockLog.length]")
    assert clocks == [60000, 60000, 0], clocks


def test_loss_on_time_shows_zero(b, out):
    b.open()
    b.new_game_against_engine("1+1")
    # Red (the human) has 0.3 s left on the clock: it runs out before a move.
    b.d.execute_script("S.play.clocks.red = 300; S.play.turnStart = performance.now()")
    b.wait(lambda d: d.execute_script("return S.play.result === '0-1'"), "red losing on time")
    assert "loses on time" in b.d.execute_script("return S.play.reason")
    red = b.d.find_element(By.CSS_SELECTOR, "#clock-bottom .time").text
    assert red == "0:00", red
    assert b.d.find_element(By.CSS_SELECTOR, "#clock-top .time").text == "1:00"


def server_children(pid):
    # (pid, state, command line) of each child process of pid.
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open("/proc/%s/cmdline" % name, "rb") as f:
                cmd = f.read().split(b"\0")
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append((int(name), fields[0], cmd))
    return found


def test_engine_crash_in_analysis(b, out, server):
    b.open()
    Select(b.d.find_element(By.ID, "analysis-engine")).select_by_value("1")
    b.d.find_element(By.ID, "analyse").click()
    b.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#lines li")) >= 1, "the engine process analysing")
    engines = [pid for pid, _, cmd in server_children(server.proc.pid) if cmd[1:2] == [b"uci"]]
    assert len(engines) == 1, server_children(server.proc.pid)
    os.kill(engines[0], signal.SIGKILL)
    # The page says why, lets go of "Stop" and drops the dead engine's lines.
    b.wait(lambda d: d.find_element(By.ID, "analyse").text == "Analyse", "the Analyse button back")
    assert "crashed" in b.d.find_element(By.ID, "error").text, b.d.find_element(By.ID, "error").text
    assert b.d.execute_script("return S.analysis.on") is False
    assert not b.d.find_elements(By.CSS_SELECTOR, "#lines li")
    # The server reaped the process: no <defunct> child is left.
    b.wait(lambda d: all(pid != engines[0] for pid, _, _ in server_children(server.proc.pid)), "the engine reaped", 10)
    b.d.save_screenshot(os.path.join(out, "engine-crash.png"))


def test_engine_crash_in_game(b, out, server):
    # A casual game against the UCI child (engine 1) at 3 s a move; the engine is killed while
    # it thinks about its first move.
    b.open()
    Select(b.d.find_element(By.ID, "player-red")).select_by_value("human")
    Select(b.d.find_element(By.ID, "player-black")).select_by_value("1")
    Select(b.d.find_element(By.ID, "tc")).select_by_value("st3")
    b.d.find_element(By.ID, "newgame").click()
    b.wait(lambda d: d.execute_script("return S.play.active && S.view && S.moves.length === 0"), "new game")
    b.play("h2e2")
    b.wait(lambda d: d.execute_script("return !!S.play.thinking"), "the engine thinking")
    b.wait(lambda d: [pid for pid, _, cmd in server_children(server.proc.pid) if cmd[1:2] == [b"uci"]], "the engine process")
    time.sleep(1.5)  # past its handshake, its search under way
    engines = [pid for pid, _, cmd in server_children(server.proc.pid) if cmd[1:2] == [b"uci"]]
    assert len(engines) == 1, server_children(server.proc.pid)
    os.kill(engines[0], signal.SIGKILL)
    b.wait(lambda d: d.find_element(By.ID, "crash").is_displayed(), "the crash said")
    name = b.d.execute_script("return S.engines[1].name")
    text = b.d.find_element(By.ID, "crash-text").text
    assert text == "Black's engine (%s) crashed: it exited with signal 9." % name, text
    # The game goes on, waiting: no result, the human's move still there.
    assert b.d.execute_script("return [S.play.active, S.play.result, S.moves.length]") == [True, None, 1]
    b.d.save_screenshot(os.path.join(out, "engine-crash-game.png"))
    b.d.find_element(By.ID, "restart").click()
    b.wait(lambda d: len(b.moves()) == 2, "the restarted engine's move")
    reply = b.d.execute_script("return S.moves[1]")
    assert reply == b.d.execute_script("return S.game.moves[1].iccs") and re.fullmatch(r"[a-i]\d[a-i]\d", reply), reply
    assert not b.d.find_element(By.ID, "crash").is_displayed()
    assert b.d.execute_script("return [S.play.active, S.play.paused, S.play.result]") == [True, False, None]
    b.d.find_element(By.ID, "resign").click()


def test_info_move_counter_and_coordinates(b, out):
    b.open()
    # ICCS coordinates (with ICCS notation): files a-i and ranks 0-9, following a flip.
    Select(b.d.find_element(By.ID, "notation")).select_by_value("iccs")
    coords = "return [...document.querySelectorAll('#board .coord')].map(t => [t.textContent, +t.getAttribute('x')])"
    b.wait(lambda d: d.execute_script(coords), "ICCS coordinates")
    drawn = b.d.execute_script(coords)
    assert "".join(t for t, _ in drawn) == "abcdefghi0123456789", drawn
    assert drawn[0][1] < drawn[8][1]  # a left of i
    b.d.find_element(By.ID, "flip").click()
    flipped = b.d.execute_script(coords)
    assert flipped[0][1] > flipped[8][1], flipped
    b.d.find_element(By.ID, "flip").click()
    Select(b.d.find_element(By.ID, "notation")).select_by_value("chinese-t")
    b.wait(lambda d: not d.execute_script(coords), "Chinese notation again")
    b.new_game_against_engine("nodes")
    # A pause is news, not an error: not in the red banner.
    b.d.find_element(By.ID, "pause").click()
    b.wait(lambda d: d.find_element(By.ID, "info").is_displayed(), "the pause said")
    assert "paused" in b.d.find_element(By.ID, "info").text
    assert not b.d.find_element(By.ID, "error").is_displayed()
    b.d.find_element(By.ID, "pause").click()
    b.play("h2e2")
    b.wait(lambda d: len(b.moves()) == 2, "the engine's answer")
    b.d.find_element(By.ID, "resign").click()
    b.wait(lambda d: d.execute_script("return S.play.result === '0-1'"), "red resigned")
    # Stepping back through the finished game says where the board is.
    b.d.find_element(By.ID, "nav-prev").click()
    b.wait(lambda d: "move 1 of 2" in d.find_element(By.ID, "status").text, "move 1 of 2")
    assert "resigns" in b.d.find_element(By.ID, "status").text
    b.d.save_screenshot(os.path.join(out, "finished.png"))


def file_labels(b):
    # The file labels along the top and the bottom edge of the board, left to right, and the
    # ICCS coordinates drawn.
    return b.d.execute_script("""
        const row = (y) => [...document.querySelectorAll('#board .filenum')].filter(t => t.getAttribute('y') === y)
            .sort((p, q) => p.getAttribute('x') - q.getAttribute('x')).map(t => t.textContent).join('');
        return [row('22'), row('650'), [...document.querySelectorAll('#board .coord')].map(t => t.textContent).join('')];""")


def test_file_numbers_follow_notation(b, out):
    b.open()
    # Chinese notation: the numbers of a printed board, red's 九..一 on its side (the bottom),
    # black's 1..9 on its side, each counted from its own right hand; no ICCS letters.
    Select(b.d.find_element(By.ID, "notation")).select_by_value("chinese-t")
    b.wait(lambda d: file_labels(b)[1] == "九八七六五四三二一", "red's file numbers")
    assert file_labels(b) == ["１２３４５６７８９", "九八七六五四三二一", ""], file_labels(b)
    b.d.find_element(By.ID, "flip").click()
    assert file_labels(b) == ["一二三四五六七八九", "９８７６５４３２１", ""], file_labels(b)
    b.d.find_element(By.ID, "flip").click()
    # WXF counts the same files in digits.
    Select(b.d.find_element(By.ID, "notation")).select_by_value("wxf")
    b.wait(lambda d: file_labels(b)[1] == "987654321", "WXF file numbers")
    assert file_labels(b) == ["123456789", "987654321", ""], file_labels(b)
    # ICCS: files a-i and ranks 0-9 only.
    Select(b.d.find_element(By.ID, "notation")).select_by_value("iccs")
    b.wait(lambda d: file_labels(b)[2], "ICCS coordinates")
    assert file_labels(b) == ["", "", "abcdefghi0123456789"], file_labels(b)
    Select(b.d.find_element(By.ID, "notation")).select_by_value("chinese-t")
    b.wait(lambda d: file_labels(b)[1] == "九八七六五四三二一", "Chinese notation again")


def test_record_players_shown(b, out, data):
    b.open()
    b.open_section("recordbox")
    # A GBK PGN with Red, Black, Site, Date and Result tags (Event and Round empty).
    path = os.path.abspath(os.path.join(data, "records/walker8088_cchess/test2.pgn"))
    b.d.find_element(By.ID, "file").send_keys(path)
    b.wait(lambda d: d.find_element(By.ID, "gameinfo").is_displayed(), "the record's players")
    shown = b.d.execute_script("return Object.fromEntries([...document.querySelectorAll('#gameinfo .val')]"
                               ".map(v => [v.dataset.tag, v.textContent]))")
    assert shown == {"Red": "永远在路上(北斗)", "Black": "奕天下棋手(北斗)", "Site": "华山", "Date": "2017-03-20",
                     "Result": "1/2-1/2"}, shown
    labels = [t.text for t in b.d.find_elements(By.CSS_SELECTOR, "#gameinfo .tag")]
    assert labels == ["Red", "Black", "Site", "Date", "Result"], labels
    # A new game on the board is no longer that record.
    b.new_game_against_engine("nodes")
    assert not b.d.find_element(By.ID, "gameinfo").is_displayed()
    b.d.find_element(By.ID, "resign").click()


def test_pgn_step_to_end(b, out, data):
    b.open()
    b.open_section("recordbox")
    path = os.path.abspath(os.path.join(data, "games/mrxq_testgames/game01.pgn"))
    b.d.find_element(By.ID, "file").send_keys(path)
    b.wait(lambda d: len(b.moves()) > 10, "the game's moves")
    total = len(b.moves())
    b.d.execute_script("document.getElementById('moves').focus()")
    b.d.find_element(By.ID, "moves").send_keys(Keys.ARROW_RIGHT)
    b.wait(lambda d: d.execute_script("return S.ply") == 1, "one step")
    b.d.find_element(By.ID, "moves").send_keys(Keys.END)
    b.wait(lambda d: d.execute_script("return S.ply") == total and
           d.execute_script("return S.view && S.view.fen === S.game.fen"), "the end of the game")
    cur = b.d.find_elements(By.CSS_SELECTOR, "#moves .m.current")
    assert len(cur) == 1 and cur[0].get_attribute("data-ply") == str(total)
    b.d.save_screenshot(os.path.join(out, "record.png"))
    b.d.find_element(By.ID, "save-pgn").click()
    b.wait(lambda d: d.execute_script("return S.lastSavedPgn || ''").startswith('[Game "Chinese Chess"]'), "saved PGN")
    saved = b.d.execute_script("return S.lastSavedPgn")
    first = b.d.execute_script("return S.game.moves[0].text")
    assert first in saved, (first, saved[:300])


def test_repetition_ruling(b, out):
    b.open()
    Select(b.d.find_element(By.ID, "rules")).select_by_value("chinese")
    b.set_fen(CHASE_FEN)
    for m in ["c2a2", "a7b7", "a2b2", "b7a7", "b2a2"]:
        b.play(m)
    b.wait(lambda d: d.find_element(By.ID, "rulingbox").is_displayed(), "the ruling")
    head = b.d.find_element(By.ID, "ruling-head").text
    assert "red loses" in head, head
    marks = [m.text for m in b.d.find_elements(By.CSS_SELECTOR, "#ruling mark")]
    assert "CXA 25.3" in marks, marks
    text = b.d.find_element(By.ID, "ruling").text
    assert "捉, 24.3" in text and "red must vary" in text, text
    assert len(b.d.find_elements(By.CSS_SELECTOR, "#moves .m.cycle")) == 4
    b.d.save_screenshot(os.path.join(out, "ruling.png"))


def test_asian_perpetual_check_cites_axf(b, out):
    b.open()
    Select(b.d.find_element(By.ID, "rules")).select_by_value("asian")
    # Black's pawn checks on every move while red's king steps aside (AXF cases, case 008).
    b.set_fen("3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1")
    for m in ["f1e1", "f2e2", "e1f1", "e2f2"]:
        b.play(m)
    b.wait(lambda d: d.find_element(By.ID, "rulingbox").is_displayed(), "the ruling")
    head = b.d.find_element(By.ID, "ruling-head").text
    assert "asian rules: black loses if repeated again" in head, head
    # The AXF rule number stands out as the CXA article numbers do.
    # (Red's king, stepping aside, chases the unprotected pawn on f4 with its cannon: a perpetual
    # chase, which perpetual check outweighs.)
    marks = [m.text for m in b.d.find_elements(By.CSS_SELECTOR, "#ruling-grounds mark")]
    assert marks == ["AXF rule 6", "AXF"], marks
    grounds = b.d.find_element(By.ID, "ruling-grounds").text
    assert grounds.split("\n") == [
        "AXF rule 6: perpetual check, with one piece or several, is forbidden in all cases: black must vary",
        "AXF: perpetual check weighs more than the opponent's perpetual chase"], grounds


def test_phone_layout(b, out, data):
    # A phone's screen, 390x844 CSS pixels: the status line and the move list of a loaded game
    # are on screen without scrolling, and the pieces are at least 40 px across.
    b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        b.open()
        b.open_section("recordbox")
        path = os.path.abspath(os.path.join(data, "records/walker8088_cchess/test2.pgn"))
        b.d.find_element(By.ID, "file").send_keys(path)
        b.wait(lambda d: len(b.moves()) > 20, "the game's moves")
        b.d.execute_script("window.scrollTo(0, 0)")
        rect = "const r = document.getElementById(arguments[0]).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];"
        b.d.save_screenshot(os.path.join(out, "phone.png"))
        height, width = b.d.execute_script("return [window.innerHeight, window.innerWidth]")
        assert (width, height) == (390, 844), (width, height)
        status = b.d.execute_script(rect, "status")
        moves = b.d.execute_script(rect, "moves")
        board = b.d.execute_script(rect, "board")
        assert 0 <= status[1] and status[3] <= height, ("status", status)
        assert 0 <= moves[1] and moves[3] <= height and moves[3] - moves[1] >= 60, ("moves", moves)
        assert 0 <= board[0] and board[2] <= width, ("board", board)
        discs = b.d.execute_script("return [...document.querySelectorAll('#pieces .disc')].map(c => c.getBoundingClientRect().width)")
        assert len(discs) == 32 and min(discs) >= 40, discs
    finally:
        b.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def analyse_three_lines(b, engine, depth, shot):
    # Analysis by engine (a value of #analysis-engine) with MultiPV 3 after 1. h2e2: three
    # lines with scores and three arrows, then stop.
    b.play("h2e2")
    Select(b.d.find_element(By.ID, "analysis-engine")).select_by_value(engine)
    Select(b.d.find_element(By.ID, "multipv")).select_by_value("3")
    b.d.find_element(By.ID, "analyse").click()
    b.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#lines li")) == 3, "three lines")
    b.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#arrows .arrow")) == 3, "three arrows")
    # Let the search get somewhere so the picture shows real lines.
    b.wait(lambda d: d.execute_script("return S.analysis.lines.every(l => l && l.depth >= arguments[0])", depth),
           "depth %d" % depth)
    # Read in one go: the lines and arrows are redrawn with every report of the search.
    moves = b.d.execute_script("return [...document.querySelectorAll('#arrows .arrow')].map(a => a.dataset.move)")
    assert len(set(moves)) == 3, moves
    for text in b.d.execute_script("return [...document.querySelectorAll('#lines li')].map(l => l.textContent)"):
        assert re.search(r"[+-]\d+\.\d\d", text), text
    b.d.save_screenshot(shot)
    b.d.find_element(By.ID, "analyse").click()
    b.wait(lambda d: not d.find_elements(By.CSS_SELECTOR, "#arrows .arrow"), "arrows gone after stop")


def test_analysis_multipv3(b, out):
    b.open("?analysisnodes=400000")
    analyse_three_lines(b, "", 6, os.path.join(out, "analysis.png"))  # Chuhe in process, bounded


def test_engine_options(b, out):
    b.open()
    b.wait(lambda d: d.execute_script("return document.body.dataset.options === '1'"), "the engines' options")
    b.open_section("optionsbox")
    Select(b.d.find_element(By.ID, "opt-engine")).select_by_value("0")
    # Chuhe's UCCI handshake offers its strength level (0-20) and its book.
    level = b.d.find_element(By.CSS_SELECTOR, '#opt-list input[data-option="level"]')
    assert (level.get_attribute("min"), level.get_attribute("max"), level.get_attribute("value")) == ("0", "20", "20")
    book = b.d.find_element(By.CSS_SELECTOR, '#opt-list input[data-option="usebook"]')
    assert book.get_attribute("type") == "checkbox" and not book.is_selected()  # Chuhe's default: no book
    assert not b.d.find_elements(By.CSS_SELECTOR, '#opt-list [data-option="bookfiles"]')  # a file name: not here
    level.send_keys(Keys.END, Keys.BACKSPACE * 4, "3", Keys.TAB)
    book.click()
    chosen = b.d.execute_script("return S.engineOptions[0]")
    assert chosen == {"level": 3, "usebook": True}, chosen
    # The UCI engine's own names.
    Select(b.d.find_element(By.ID, "opt-engine")).select_by_value("1")
    elo = b.d.find_element(By.CSS_SELECTOR, '#opt-list input[data-option="UCI_Elo"]')
    assert int(elo.get_attribute("max")) > int(elo.get_attribute("min")) > 0
    assert b.d.find_elements(By.CSS_SELECTOR, '#opt-list input[data-option="Skill Level"]')
    # Play against engine 0: its moves are asked for with the options chosen.
    b.d.execute_script("""window.sentBodies = []; const f = window.fetch;
        window.fetch = (u, i) => { if (String(u).includes('/api/engine/move')) sentBodies.push(JSON.parse(i.body)); return f(u, i); };""")
    b.new_game_against_engine("nodes")
    b.play("h2e2")
    b.wait(lambda d: len(b.moves()) == 2, "the weakened engine's answer")
    sent = b.d.execute_script("return sentBodies")
    assert sent and sent[0]["options"] == {"level": 3, "usebook": True}, sent
    assert "error" not in (b.d.find_element(By.ID, "error").text or "").lower()
    b.d.save_screenshot(os.path.join(out, "options.png"))
    # Chuhe in process: its own options that matter to analysis, sent with its analysis.
    Select(b.d.find_element(By.ID, "opt-engine")).select_by_value("")
    names = b.d.execute_script("return [...document.querySelectorAll('#opt-list [data-option]')].map(i => i.dataset.option)")
    assert names == ["Hash", "Threads", "Use NNUE"], names
    threads = b.d.find_element(By.CSS_SELECTOR, '#opt-list input[data-option="Threads"]')
    # At most the machine's hardware threads (more only cost memory).
    limits = (threads.get_attribute("min"), threads.get_attribute("max"), threads.get_attribute("value"))
    assert limits == ("1", str(os.cpu_count()), "1"), limits
    threads.send_keys(Keys.END, Keys.BACKSPACE * 4, "2", Keys.TAB)
    assert b.d.execute_script("return S.engineOptions['']") == {"Threads": 2}
    b.d.execute_script("""window.analyseBodies = []; const g = window.fetch;
        window.fetch = (u, i) => { if (String(u).includes('/api/analyse')) analyseBodies.push(JSON.parse(i.body)); return g(u, i); };""")
    Select(b.d.find_element(By.ID, "analysis-engine")).select_by_value("")
    b.d.find_element(By.ID, "analyse").click()
    b.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#lines li")) >= 1, "Chuhe analysing in process with 2 threads")
    sent = b.d.execute_script("return analyseBodies")
    assert sent and sent[-1]["options"] == {"Threads": 2} and "engine" not in sent[-1], sent
    b.d.find_element(By.ID, "analyse").click()
    assert "error" not in (b.d.find_element(By.ID, "error").text or "").lower()


def test_engine_process_analysis(b, out):
    b.open()
    # Chuhe over UCI as a child process, until stopped.
    analyse_three_lines(b, "1", 5, os.path.join(out, "analysis-engine.png"))
    # The engine analyses, then is to play: its analysis gives way and it moves.
    b.d.find_element(By.ID, "nav-first").click()
    Select(b.d.find_element(By.ID, "player-black")).select_by_value("1")
    b.d.find_element(By.ID, "analyse").click()
    b.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#lines li")) >= 1, "the engine analysing")
    Select(b.d.find_element(By.ID, "tc")).select_by_value("nodes")
    b.d.find_element(By.ID, "newgame").click()
    b.wait(lambda d: d.execute_script("return S.play.active && S.moves.length === 0"), "new game")
    # The new game restarts the analysis; the process, still stopping the last one, is waited for.
    b.wait(lambda d: d.execute_script("return S.shown === S.gen") and len(d.find_elements(By.CSS_SELECTOR, "#lines li")) >= 1,
           "the analysis going on in the new game")
    assert "busy" not in b.d.find_element(By.ID, "error").text, b.d.find_element(By.ID, "error").text
    b.play("h2e2")
    b.wait(lambda d: len(b.moves()) == 2, "the engine's move after its analysis")
    assert b.d.execute_script("return S.analysis.on") is False
    # Said in passing, not as an error.
    assert "analysis stopped" in b.d.find_element(By.ID, "info").text
    assert not b.d.find_element(By.ID, "error").is_displayed()


def test_engine_against_engine(b, out):
    b.open()
    Select(b.d.find_element(By.ID, "player-red")).select_by_value("0")
    Select(b.d.find_element(By.ID, "player-black")).select_by_value("0")
    Select(b.d.find_element(By.ID, "tc")).select_by_value("nodes")
    b.d.find_element(By.ID, "newgame").click()
    b.wait(lambda d: len(b.moves()) >= 8, "eight moves of engine against engine")
    b.d.find_element(By.ID, "pause").click()
    b.wait(lambda d: d.execute_script("return S.play.paused && !S.play.thinking"), "paused")
    # The score graph has a point for each engine move.
    points = b.d.execute_script("const l = document.getElementById('graphline'); return l ? l.points.length : 0")
    assert points >= 6, points
    b.d.save_screenshot(os.path.join(out, "engines.png"))


def test_editor_refuses_impossible(b, out):
    b.open()
    b.open_section("editbox")
    b.d.find_element(By.ID, "edit").click()
    b.d.find_element(By.ID, "edit-clear").click()
    b.d.find_element(By.ID, "edit-done").click()
    b.wait(lambda d: d.find_element(By.ID, "error").is_displayed(), "the refusal")
    err = b.d.find_element(By.ID, "error").text
    assert "bad FEN" in err, err
    b.d.find_element(By.ID, "edit-start").click()
    b.d.find_element(By.ID, "edit-done").click()
    b.wait(lambda d: d.find_element(By.ID, "editor-controls").get_attribute("hidden") is not None
           and len(b.pieces()) == 32, "the start position set up")


def test_editor_drags_pieces(b, out):
    b.open()
    b.open_section("editbox")
    b.d.find_element(By.ID, "edit").click()
    b.drag("h2", "h6")  # the cannon across the river
    b.wait(lambda d: d.execute_script("return S.editing.board[6 * 9 + 7] === 'C' && S.editing.board[2 * 9 + 7] === ''"),
           "the cannon dragged to h6")
    b.click_square("a0")  # a click still holds a piece, and the next click puts it down
    b.click_square("a1")
    b.wait(lambda d: d.execute_script("return S.editing.board[9] === 'R' && S.editing.board[0] === ''"), "the rook moved by clicks")
    b.d.find_element(By.ID, "edit-done").click()
    b.wait(lambda d: d.execute_script("return !S.editing && S.view && S.view.fen.split(' ')[0] === arguments[0]",
                                      "rnbakabnr/9/1c5c1/p1p1p1pCp/9/9/P1P1P1P1P/1C7/R8/1NBAKABNR"), "the position set up")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="build/chuhe")
    ap.add_argument("--data", default=os.path.join(os.path.dirname(__file__), "../../../shared/data"))
    ap.add_argument("--out", default="build/gui-screenshots")
    ap.add_argument("-k", default="", help="run only tests whose name contains this (or one of these, comma-separated)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for old in os.listdir(args.out):
        if old.endswith(".png"):
            os.remove(os.path.join(args.out, old))
    server = Server(args.binary)
    driver = make_driver()
    b = Board(driver, server.url)
    tests = [
        ("start_position", lambda: test_start_position(b, args.out)),
        ("play_against_engine", lambda: test_play_against_engine(b, args.out)),
        ("takeback_restores_clocks", lambda: test_takeback_restores_clocks(b, args.out)),
        ("loss_on_time_shows_zero", lambda: test_loss_on_time_shows_zero(b, args.out)),
        ("info_move_counter_and_coordinates", lambda: test_info_move_counter_and_coordinates(b, args.out)),
        ("file_numbers_follow_notation", lambda: test_file_numbers_follow_notation(b, args.out)),
        ("record_players_shown", lambda: test_record_players_shown(b, args.out, args.data)),
        ("pgn_step_to_end", lambda: test_pgn_step_to_end(b, args.out, args.data)),
        ("repetition_ruling", lambda: test_repetition_ruling(b, args.out)),
        ("asian_perpetual_check_cites_axf", lambda: test_asian_perpetual_check_cites_axf(b, args.out)),
        ("phone_layout", lambda: test_phone_layout(b, args.out, args.data)),
        ("analysis_multipv3", lambda: test_analysis_multipv3(b, args.out)),
        ("engine_options", lambda: test_engine_options(b, args.out)),
        ("engine_process_analysis", lambda: test_engine_process_analysis(b, args.out)),
        ("engine_crash_in_analysis", lambda: test_engine_crash_in_analysis(b, args.out, server)),
        ("engine_crash_in_game", lambda: test_engine_crash_in_game(b, args.out, server)),
        ("engine_against_engine", lambda: test_engine_against_engine(b, args.out)),
        ("editor_refuses_impossible", lambda: test_editor_refuses_impossible(b, args.out)),
        ("editor_drags_pieces", lambda: test_editor_drags_pieces(b, args.out)),
    ]
    failed = []
    try:
        for name, run in tests:
            if not any(k in name for k in args.k.split(",")):
                continue
            start = time.time()
            try:
                run()
                print("ok   %-28s %.1fs" % (name, time.time() - start), flush=True)
            except Exception:
                failed.append(name)
                shot = os.path.join(args.out, "fail-%s.png" % name)
                try:
                    driver.save_screenshot(shot)
                except Exception:
                    pass
                print("FAIL %-28s (screenshot %s)" % (name, shot), flush=True)
                traceback.print_exc()
                try:
                    for entry in driver.get_log("browser"):
                        print("  browser:", entry.get("message"))
                except Exception:
                    pass
    finally:
        driver.quit()
        code = server.stop()
    if code not in (0, None):
        print("chuhe gui exited with %s" % code)
        failed.append("server exit")
    print("%d browser tests failed" % len(failed) if failed else "all browser tests passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
