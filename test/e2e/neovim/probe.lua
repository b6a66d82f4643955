-- Neovim 0.7+ as an independent LSP client of `balancer-lens lsp --stdio` (run by neovim.test.ts):
-- opens PROBE_FILE, waits for its diagnostics, asks for a hover on PROBE_LINE:PROBE_CHARACTER
-- (0-based) and for inlay hints and code lenses, and writes everything as JSON to PROBE_OUT.
-- Only 0.7 APIs: vim.lsp.start_client, buf_attach_client, client.request_sync, vim.wait.
local file = assert(os.getenv('PROBE_FILE'), 'PROBE_FILE')
local out = assert(os.getenv('PROBE_OUT'), 'PROBE_OUT')
local cli = assert(os.getenv('PROBE_CLI'), 'PROBE_CLI')
local line = tonumber(os.getenv('PROBE_LINE') or '0')
local character = tonumber(os.getenv('PROBE_CHARACTER') or '0')

local result = { nvim = tostring(vim.version().major) .. '.' .. vim.version().minor .. '.' .. vim.version().patch, errors = {} }

local function finish()
  local handle = assert(io.open(out, 'w'))
  handle:write(vim.fn.json_encode(result))
  handle:close()
  vim.cmd('qall!')
end

local ok, failure = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(bufnr)
  vim.bo[bufnr].filetype = 'apache'

  local client_id = vim.lsp.start_client({
    name = 'balancer-lens',
    cmd = { 'node', cli, 'lsp', '--stdio' },
    root_dir = vim.fn.fnamemodify(file, ':p:h'),
    handlers = {
      ['textDocument/publishDiagnostics'] = function(_, params)
        if params.uri == uri then result.diagnostics = params.diagnostics end
      end,
    },
    on_exit = function(code) result.exitCode = code end,
  })
  assert(client_id, 'vim.lsp.start_client failed')
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)

  assert(vim.wait(15000, function() return result.diagnostics ~= nil end, 20), 'no diagnostics within 15 s')

  local hover = client.request_sync('textDocument/hover', {
    textDocument = { uri = uri },
    position = { line = line, character = character },
  }, 10000, bufnr)
  result.hover = hover and hover.result or vim.NIL
  if hover and hover.err then table.insert(result.errors, { method = 'hover', err = hover.err }) end

  local last = vim.api.nvim_buf_line_count(bufnr)
  local hints = client.request_sync('textDocument/inlayHint', {
    textDocument = { uri = uri },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = last, character = 0 } },
  }, 10000, bufnr)
  result.inlayHints = hints and hints.result or vim.NIL

  local lenses = client.request_sync('textDocument/codeLens', { textDocument = { uri = uri } }, 10000, bufnr)
  result.codeLenses = lenses and lenses.result or vim.NIL

  client.stop()
  vim.wait(5000, function() return result.exitCode ~= nil end, 20)
end)

if not ok then table.insert(result.errors, { message = tostring(failure) }) end
finish()
