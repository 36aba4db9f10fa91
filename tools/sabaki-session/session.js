// A whole game driven by Sabaki's GTP controller library (@sabaki/gtp), with analysis
// on between moves, checking every response. See README.md in this folder.
//
//   node session.js [--engine PATH] [--opponent engine|gnugo] [--player NAME] [--nodes N] [--size 9]
//                   [--interval CS] [--maxmoves N] [--seed N] [--timeout SECONDS]
//
// Exit status 0 when every check passed, 1 otherwise (the failures are printed).

import path from 'node:path'
import {fileURLToPath} from 'node:url'
import gtp from '@sabaki/gtp'

const {Controller, ControllerStateTracker} = gtp

const here = path.dirname(fileURLToPath(import.meta.url))
const options = {
  engine: path.resolve(here, '../../target/release/go-engine'),
  opponent: 'engine',
  player: 'bstar',
  nodes: 300,
  size: 9,
  interval: 10,
  maxmoves: 200,
  seed: 1,
  timeout: 120
}
for (let i = 2; i < process.argv.length; i += 2) {
  let key = process.argv[i].replace(/^--/, '')
  let value = process.argv[i + 1]
  if (!(key in options) || value == null) {
    console.error(`unknown option or missing value: ${process.argv[i]}`)
    process.exit(2)
  }
  options[key] = typeof options[key] === 'number' ? Number(value) : value
}

const failures = []
const stats = {
  moves: 0,
  analyses: 0,
  infoLines: 0,
  entries: 0,
  interruptedBy: {},
  genmoveAnalyze: 0,
  genmoveProgressLines: 0,
  errorsExpected: 0
}

function fail(message) {
  failures.push(message)
  console.error(`FAIL: ${message}`)
}

function withTimeout(promise, what) {
  let timer
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`timeout (${options.timeout} s): ${what}`)),
        options.timeout * 1000
      )
    })
  ]).finally(() => clearTimeout(timer))
}

const columns = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'
function isVertex(text) {
  let m = /^([A-HJ-Z])(\d+)$/i.exec(text)
  if (m == null) return false
  let col = columns.indexOf(m[1].toUpperCase())
  let row = Number(m[2])
  return col >= 0 && col < options.size && row >= 1 && row <= options.size
}

// Checks one line of `info` entries; returns the entries ({move, visits, winrate, pv}).
function parseInfoLine(line, kata) {
  let entries = []
  for (let part of line.split(/\binfo /).filter(x => x.trim() !== '')) {
    let words = part.trim().split(/\s+/)
    let at = key => {
      let i = words.indexOf(key)
      return i >= 0 ? words[i + 1] : undefined
    }
    let move = at('move')
    let visits = Number(at('visits'))
    let winrate = Number(at('winrate'))
    let pvAt = words.indexOf('pv')
    let pv = pvAt >= 0 ? words.slice(pvAt + 1) : []
    let max = kata ? 1 : 10000
    if (!(isVertex(move) || move === 'PASS'))
      throw new Error(`bad move in ${part}`)
    if (!(Number.isInteger(visits) && visits >= 1))
      throw new Error(`bad visits in ${part}`)
    if (!(winrate >= 0 && winrate <= max)) throw new Error(`bad winrate in ${part}`)
    if (pv[0] !== move) throw new Error(`the pv does not start with the move: ${part}`)
    if (kata && !Number.isFinite(Number(at('scoreLead'))))
      throw new Error(`no scoreLead in ${part}`)
    entries.push({move, visits, winrate, pv})
  }
  if (entries.length === 0) throw new Error(`no entry in ${line}`)
  return entries
}

function start(name, command, args) {
  let controller = new Controller(command, args)
  controller.on('stderr', ({content}) => {
    if (/panic/i.test(content)) fail(`${name} stderr: ${content}`)
  })
  controller.on('stopped', ({signal}) => {
    if (!stopping) fail(`${name} stopped unexpectedly (${signal})`)
  })
  controller.start()
  return {name, controller, tracker: new ControllerStateTracker(controller)}
}

let stopping = false

async function send(player, command, {expectError = false} = {}) {
  let text = `${command.name} ${command.args.join(' ')}`
  let response = await withTimeout(
    player.tracker.queueCommand(command),
    `${player.name}: ${text}`
  )
  if (response.error !== expectError)
    fail(`${player.name}: ${text} -> ${response.error ? '?' : '='} ${response.content}`)
  if (expectError) stats.errorsExpected++
  return response
}

// Starts an analysis, waits for `want` info lines, then interrupts it with `next`
// (as Sabaki does when it needs the engine); returns [analysed entries, next's response].
async function analyseThen(player, color, kata, next) {
  let name = kata ? 'kata-analyze' : 'lz-analyze'
  let lines = []
  let enough
  let gotEnough = new Promise(resolve => (enough = resolve))
  let analysis = player.controller.sendCommand(
    {name, args: [color, String(options.interval)]},
    ({line}) => {
      if (line.startsWith('info ')) {
        lines.push(line)
        if (lines.length >= 2) enough()
      }
    }
  )
  await withTimeout(gotEnough, `${player.name}: two info lines of ${name}`)
  let nextResponse = send(player, next)
  let response = await withTimeout(analysis, `${player.name}: the end of ${name}`)
  if (response.error) fail(`${player.name}: ${name} -> ? ${response.content}`)
  stats.analyses++
  stats.interruptedBy[next.name] = (stats.interruptedBy[next.name] || 0) + 1
  let entries = []
  for (let line of lines) {
    stats.infoLines++
    try {
      entries = parseInfoLine(line, kata)
      stats.entries += entries.length
    } catch (err) {
      fail(`${player.name}: ${name}: ${err.message}`)
    }
  }
  return [entries, await nextResponse]
}

async function main() {
  let engineArgs = seed => [
    'gtp',
    '--player',
    options.player,
    '--nodes',
    String(options.nodes),
    '--seed',
    String(seed)
  ]
  let black = start('go-engine (B)', options.engine, engineArgs(options.seed))
  let white =
    options.opponent === 'gnugo'
      ? start('gnugo (W)', '/usr/games/gnugo', [
          '--mode',
          'gtp',
          '--level',
          '1',
          '--chinese-rules'
        ])
      : start('go-engine (W)', options.engine, engineArgs(options.seed + 1))
  let players = {B: black, W: white}
  let history = []
  let state = () => ({komi: 7.5, boardsize: [options.size, options.size], history})

  for (let p of [black, white]) {
    await send(p, {name: 'name', args: []})
    await withTimeout(p.tracker.sync(state()), `${p.name}: sync`)
  }
  let analysing = p => p.name.startsWith('go-engine')
  for (let name of ['lz-analyze', 'kata-analyze', 'lz-genmove_analyze']) {
    if (!(await black.tracker.knowsCommand(name))) fail(`list_commands lacks ${name}`)
  }

  let passes = 0
  let result = null
  let color = 'B'
  while (stats.moves < options.maxmoves) {
    let mover = players[color]
    await withTimeout(mover.tracker.sync(state()), `${mover.name}: sync`)
    let move
    if (analysing(mover)) {
      let kata = stats.moves % 7 === 3
      // The analysis is interrupted by a query about its best move, as a GUI would.
      let [entries] = await analyseThen(mover, color, kata, {name: 'name', args: []})
      if (entries.length > 0) {
        let legal = await send(mover, {name: 'is_legal', args: [color, entries[0].move]})
        if (entries[0].move !== 'PASS' && legal.content !== '1')
          fail(`the analysed best move ${entries[0].move} is not legal for ${color}`)
      }
      if (stats.moves === 10) {
        // Malformed analysis and play arguments: errors, and the game goes on.
        await send(mover, {name: 'lz-analyze', args: ['purple']}, {expectError: true})
        await send(mover, {name: 'kata-analyze', args: [color, '-3']}, {expectError: true})
        await send(mover, {name: 'play', args: [color, 'Z99']}, {expectError: true})
      }
      if (stats.moves % 5 === 4) {
        // Streamed during the search: the lines are taken as they arrive, before the
        // response ends; every one but the last (`play MOVE`) is a line of entries.
        let streamed = []
        let response = await withTimeout(
          mover.controller.sendCommand(
            {name: 'lz-genmove_analyze', args: [color, '1']},
            ({line}) => {
              if (line.trim() !== '') streamed.push(line.trim())
            }
          ),
          `${mover.name}: lz-genmove_analyze`
        )
        if (response.error) fail(`lz-genmove_analyze -> ? ${response.content}`)
        let lines = response.content.split('\n').map(x => x.trim())
        let last = lines[lines.length - 1]
        if (!last.startsWith('play ')) fail(`lz-genmove_analyze ended with ${last}`)
        let info = streamed.filter(x => x.startsWith('info '))
        if (info.length === 0) fail('lz-genmove_analyze streamed no info line')
        for (let line of info)
          try {
            parseInfoLine(line, false)
          } catch (err) {
            fail(`lz-genmove_analyze: ${err.message}`)
          }
        // Lines of the search in progress (the current best move alone) come before
        // the line of every root move.
        stats.genmoveProgressLines += Math.max(0, info.length - 1)
        move = last.slice(5).trim()
        stats.genmoveAnalyze++
      } else {
        // genmove interrupts a running analysis, as in Sabaki's engine play.
        let [, response] = await analyseThen(mover, color, false, {
          name: 'genmove',
          args: [color]
        })
        move = response.content.trim()
      }
    } else {
      move = (await send(mover, {name: 'genmove', args: [color]})).content.trim()
    }
    if (move.toLowerCase() === 'resign') {
      result = `${color === 'B' ? 'W' : 'B'}+Resign`
      break
    }
    if (!(isVertex(move) || move.toLowerCase() === 'pass')) {
      fail(`${mover.name}: genmove answered ${move}`)
      break
    }
    history.push({name: 'play', args: [color, move]})
    stats.moves++
    passes = move.toLowerCase() === 'pass' ? passes + 1 : 0
    if (passes >= 2) break
    color = color === 'B' ? 'W' : 'B'
  }
  for (let p of [black, white]) await withTimeout(p.tracker.sync(state()), `${p.name}: sync`)
  let scores = {}
  for (let p of [black, white])
    scores[p.name] = (await send(p, {name: 'final_score', args: []})).content
  let sgf = (await send(black, {name: 'printsgf', args: []})).content
  if (!sgf.startsWith('(;')) fail(`printsgf answered ${sgf.slice(0, 40)}`)
  stopping = true
  for (let p of [black, white]) await withTimeout(p.controller.stop(), `${p.name}: quit`)
  console.log(
    JSON.stringify({result: result ?? scores, ...stats, options, failures}, null, 1)
  )
  process.exit(failures.length === 0 ? 0 : 1)
}

main().catch(err => {
  fail(err.stack || String(err))
  console.log(JSON.stringify({...stats, failures}, null, 1))
  process.exit(1)
})
